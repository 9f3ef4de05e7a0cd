import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { createWorkerContext } from './create-app';

/** `npm run worker`: job consumers only, for deployments that scale workers apart from the api. */
async function main(): Promise<void> {
  const config = loadConfig(undefined, { APP_ROLE: 'worker' });
  await createWorkerContext(config);
  process.stdout.write('ListingLens worker is consuming jobs\n');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
