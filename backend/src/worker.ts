import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { createWorkerContext } from './create-app';
import { installGracefulShutdown } from './shared/lifecycle/graceful-shutdown';

/** `npm run worker`: job consumers only, for deployments that scale workers apart from the api. */
async function main(): Promise<void> {
  const config = loadConfig(undefined, { APP_ROLE: 'worker' });
  const context = await createWorkerContext(config);
  installGracefulShutdown(context, { timeoutMs: config.operations.shutdownTimeoutMs, logger: new Logger() });
  process.stdout.write('ListingLens worker is consuming jobs\n');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
