import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/app-config';
import { exitWithError } from '../shared/lifecycle/exit-with-error';
import { ConfigModule } from '../config/config.module';
import {
  PurgeExpiredPhotos,
  type PurgedOrder,
  SweepOrphanedObjects,
  ORPHAN_GRACE_HOURS,
  UPLOAD_GRACE_MINUTES,
  purgeCutoff,
  RETENTION_DAYS,
} from '../modules/retention';
import { orderRetentionProviders } from '../modules/orders';
import { photoRetentionProviders } from '../modules/photos';
import { ratingRetentionProviders } from '../modules/ratings';
import { StorageModule } from '../modules/storage';
import { DatabaseModule } from '../database/database.module';

const USAGE = `usage: npm run purge -- [--dry-run]

Deletes the photo files (originals, enhanced, previews, thumbnails) of every order completed more than
${RETENTION_DAYS} days ago, marks its photos purged and deletes their ratings; orders and transactions stay. Then
deletes stored photo files that no photo owns (an upload or a process that died half-way) once they are
${ORPHAN_GRACE_HOURS} hours old (originals and unfinished writes: ${UPLOAD_GRACE_MINUTES} minutes). Workers already do
this once a day; this runs it now, with the server's configuration (the same environment variables). With the
embedded database (no DATABASE_URL), stop the server first: PGlite is opened by one process at a time.

  --dry-run   list what would be deleted and change nothing
  --help      show this text`;

/** Only what the purge needs: no HTTP server, no job consumers, no scheduler. */
@Module({})
class PurgeCliModule {}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** `npm run purge -- [--dry-run]`: the daily retention purge, by hand. */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const unknown = args.find((arg) => arg !== '--dry-run');
  if (unknown) {
    process.stderr.write(`Unknown argument ${unknown}\n${USAGE}\n`);
    return 2;
  }
  const dryRun = args.includes('--dry-run');
  const config = loadConfig();
  // Warnings (an order that could not be purged) still reach the terminal; the summary below replaces the info log,
  // and a failure to start is printed once, by exitWithError.
  const app = await NestFactory.createApplicationContext(
    {
      module: PurgeCliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, StorageModule],
      // What the purge reads and marks of orders and photos (and deletes of ratings), through their modules' facades;
      // they need nothing but the data source.
      providers: [
        ...orderRetentionProviders,
        ...photoRetentionProviders,
        ...ratingRetentionProviders,
        PurgeExpiredPhotos,
        SweepOrphanedObjects,
      ],
    },
    { logger: ['warn'], abortOnError: false },
  );
  try {
    const now = new Date();
    const printOrder = (o: PurgedOrder) =>
      process.stdout.write(
        `${o.orderId}  completed ${o.completedAt.toISOString()}  ${o.photos} photo(s)  ${o.objects} object(s)  ${mb(o.bytes)}\n`,
      );
    const result = await app.get(PurgeExpiredPhotos).execute({ now, dryRun, onOrder: printOrder });
    const totals = `${result.orders} order(s): ${result.photos} photo(s), ${result.objects} object(s), ${mb(result.bytes)}`;
    const cutoff = purgeCutoff(now).toISOString();
    process.stdout.write(
      dryRun
        ? `Dry run, nothing deleted. Would purge ${totals} (orders completed on or before ${cutoff}).\n`
        : `Purged ${totals} (orders completed on or before ${cutoff}).\n`,
    );
    const printOrphan = (o: { key: string; bytes: number; lastModified: Date }) =>
      process.stdout.write(`orphan ${o.key}  written ${o.lastModified.toISOString()}  ${mb(o.bytes)}\n`);
    const sweep = await app.get(SweepOrphanedObjects).execute({ now, dryRun, onObject: printOrphan });
    const orphans = `${sweep.orphans} orphaned object(s), ${mb(sweep.bytes)}`;
    process.stdout.write(
      dryRun
        ? `Would delete ${orphans} (no photo owns them and they are past their grace period).\n`
        : `Deleted ${orphans} and ${sweep.staleWrites} unfinished write(s).\n`,
    );
    for (const step of sweep.skipped) process.stdout.write(`Skipped ${step}.\n`);
    if (result.failed > 0) {
      process.stderr.write(`${result.failed} order(s) could not be purged (see the warnings above); run it again.\n`);
      return 1;
    }
    return 0;
  } finally {
    await app.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch(exitWithError);
