import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from './config/app-config';
import { exitWithError } from './shared/lifecycle/exit-with-error';
import { createWorkerContext } from './create-app';
import { installGracefulShutdown } from './shared/lifecycle/graceful-shutdown';

/** `npm run worker`: job consumers only, for deployments that scale workers apart from the api. */
async function main(): Promise<void> {
  const config = loadConfig(undefined, { APP_ROLE: 'worker' });
  const context = await createWorkerContext(config);
  installGracefulShutdown(context, { timeoutMs: config.operations.shutdownTimeoutMs, logger: new Logger() });
  process.stdout.write('ListingLens worker is consuming jobs\n');
}

main().catch(exitWithError);
