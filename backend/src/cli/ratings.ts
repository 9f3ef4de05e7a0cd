import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfig, loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import {
  ListRatings,
  listRatingsProviders,
  type PhotoRatingEntity,
  RATING_SCORES,
  type RatingSummary,
} from '../modules/ratings';
import { exitWithError } from '../shared/lifecycle/exit-with-error';

const FORMATS = ['table', 'csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `usage: npm run ratings -- --since <date> [--format table|csv|json]

Lists hosts' ratings of their delivered photos ("How did we do?") given or changed since <date>, oldest first:
photo id, order id, score, note, when it was rated, and the engine version and style of the version rated; then
their count, mean and how many gave each score. Uses the server's configuration (DATABASE_URL, or the embedded
database under DATA_DIR). With the embedded database, stop the server first: PGlite is opened by one process at a
time. Ratings go with their photo's files at the 90-day purge.

  --since <date>   a day (2026-11-01, from midnight UTC) or a moment with its zone (2026-11-01T09:00:00+02:00)
  --format table   aligned columns, one line per rating, then the summary (the default)
  --format csv     RFC 4180 rows with a header on stdout; the summary on stderr, so a redirect gets the rows only
  --format json    one document: { since, ratings: [...], summary: { count, mean, distribution } }
  --help           show this text`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day (midnight UTC) or a moment with its zone; undefined for anything else (2026-02-30 included). */
export function parseSince(text: string): Date | undefined {
  const day = DAY.exec(text);
  if (day) {
    const date = new Date(`${text}T00:00:00Z`);
    return date.toISOString().startsWith(text) ? date : undefined;
  }
  if (!MOMENT.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

type Parsed = { help: true } | { since: Date; format: Format } | { error: string };

export function parseArgs(args: string[]): Parsed {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  let since: Date | undefined;
  let format: Format = 'table';
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = inline ?? args[i + 1];
    if (flag !== '--since' && flag !== '--format') return { error: `Unknown argument ${args[i]}` };
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` };
    if (inline === undefined) i++;
    if (flag === '--since') {
      since = parseSince(value);
      if (!since)
        return { error: `--since must be a date like 2026-11-01 or a moment like 2026-11-01T09:00:00Z, not ${value}` };
    } else if ((FORMATS as readonly string[]).includes(value)) {
      format = value as Format;
    } else {
      return { error: `--format must be one of ${FORMATS.join(', ')}, not ${value}` };
    }
  }
  if (!since) return { error: '--since is required' };
  return { since, format };
}

const CSV_HEADER = ['photo_id', 'order_id', 'score', 'note', 'rated_at', 'engine_version', 'style'];

/**
 * One CSV field (RFC 4180). A note is the host's text: one starting like a formula (= + - @) is prefixed with a
 * quote mark so a spreadsheet shows it rather than running it.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A note on one terminal line: line breaks and control characters (a terminal would act on them) become spaces. */
// eslint-disable-next-line no-control-regex
const oneLine = (text: string) => text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

const TABLE_COLUMNS = [
  ['photo', 8],
  ['order', 22],
  ['score', 6],
  ['rated at', 25],
  ['engine', 10],
  ['style', 12],
] as const;

const tableLine = (cells: string[], note: string) =>
  `${cells.map((cell, i) => cell.padEnd(TABLE_COLUMNS[i][1])).join(' ')} ${note}`.trimEnd();

function tableRow(r: PhotoRatingEntity): string {
  const cells = [String(r.photoId), r.orderId, String(r.score), r.updatedAt.toISOString()];
  return tableLine([...cells, r.engineVersion ?? '-', r.style ?? '-'], r.note === null ? '' : oneLine(r.note));
}

function summaryText(summary: RatingSummary, since: Date): string {
  const mean = summary.mean === null ? 'no mean' : `mean ${summary.mean.toFixed(2)}`;
  const bars = RATING_SCORES.map((score) => {
    const n = summary.distribution[score];
    const share = summary.count === 0 ? 0 : Math.round((n / summary.count) * 100);
    return `  ${score}: ${String(n).padStart(5)}  ${String(share).padStart(3)} %`;
  });
  return [`${summary.count} rating(s) since ${since.toISOString()}, ${mean}`, ...bars].join('\n');
}

export interface CliOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Only what the list needs: no HTTP server, no job consumers, no scheduler. */
@Module({})
class RatingsCliModule {}

/** `npm run ratings -- --since …`: the body, given its arguments, configuration and output; returns the exit code. */
export async function ratingsCli(args: string[], config: () => AppConfig, out: CliOutput): Promise<number> {
  const parsed = parseArgs(args);
  if ('help' in parsed) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  if ('error' in parsed) {
    out.stderr(`${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const { since, format } = parsed;
  const app = await NestFactory.createApplicationContext(
    {
      module: RatingsCliModule,
      imports: [ConfigModule.forRoot(config()), DatabaseModule],
      providers: listRatingsProviders,
    },
    { logger: ['warn'], abortOnError: false },
  );
  try {
    const list = app.get(ListRatings);
    if (format === 'json') {
      let first = true;
      out.stdout(`{"since":${JSON.stringify(since.toISOString())},"ratings":[`);
      const summary = await list.execute(since, (r) => {
        const row = {
          photo_id: r.photoId,
          order_id: r.orderId,
          score: r.score,
          note: r.note,
          rated_at: r.updatedAt.toISOString(),
          engine_version: r.engineVersion,
          style: r.style,
        };
        out.stdout(`${first ? '' : ','}\n${JSON.stringify(row)}`);
        first = false;
      });
      out.stdout(`\n],"summary":${JSON.stringify(summary)}}\n`);
    } else if (format === 'csv') {
      out.stdout(`${CSV_HEADER.join(',')}\r\n`);
      const summary = await list.execute(since, (r) => {
        const fields = [r.photoId, r.orderId, r.score, r.note, r.updatedAt.toISOString(), r.engineVersion, r.style];
        out.stdout(`${fields.map(csvField).join(',')}\r\n`);
      });
      out.stderr(`${summaryText(summary, since)}\n`);
    } else {
      out.stdout(
        `${tableLine(
          TABLE_COLUMNS.map(([name]) => name),
          'note',
        )}\n`,
      );
      const summary = await list.execute(since, (r) => out.stdout(`${tableRow(r)}\n`));
      out.stdout(`\n${summaryText(summary, since)}\n`);
    }
    return 0;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  ratingsCli(process.argv.slice(2), () => loadConfig(), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  })
    // exitCode rather than exit(): a long list piped to another program is written out in full before the end.
    .then((code) => (process.exitCode = code))
    .catch(exitWithError);
}
