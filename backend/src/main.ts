import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import path from 'node:path';
import { loadConfig } from './config/app-config';
import { exitWithError } from './shared/lifecycle/exit-with-error';
import { createHttpApp } from './create-app';
import { installGracefulShutdown } from './shared/lifecycle/graceful-shutdown';

/** `npm start`: api, job consumers and the built client on one port (or the api alone with APP_ROLE=api). */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createHttpApp(config, { clientDir: path.resolve(__dirname, '..', 'frontend') });
  await app.listen(config.port);
  installGracefulShutdown(app, {
    server: app.getHttpServer(),
    timeoutMs: config.operations.shutdownTimeoutMs,
    logger: new Logger(),
  });
  process.stdout.write(`ListingLens is running at ${config.publicUrl} (role: ${config.role})\n`);
}

main().catch(exitWithError);
