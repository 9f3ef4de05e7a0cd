import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DataSource } from 'typeorm';
import { ratingsCli } from '../../src/cli/ratings';
import { loadConfig } from '../../src/config/app-config';
import { dataSourceOptions, openDatabase } from '../../src/database/data-source';
import { UsersRepository } from '../../src/modules/auth/persistence/users.repository';
import { CreditsRepository } from '../../src/modules/orders/persistence/credits.repository';
import { OrdersRepository } from '../../src/modules/orders/persistence/orders.repository';
import { RatingsRepository } from '../../src/modules/ratings/persistence/ratings.repository';
import { createScratchDatabase, testDatabaseUrl } from '../support/postgres';

type Target = { env: Record<string, string>; cleanup: () => Promise<void> };

/** The embedded database in a fresh DATA_DIR always, and a scratch Postgres database when CI provides one. */
const targets: [string, () => Promise<Target>][] = [
  [
    'pglite',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ratings-cli-'));
      return { env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
];
if (testDatabaseUrl) {
  targets.push([
    'postgres',
    async () => {
      const scratch = await createScratchDatabase();
      return { env: { DATA_DIR: os.tmpdir(), DATABASE_URL: scratch.url }, cleanup: scratch.drop };
    },
  ]);
}

/**
 * `npm run ratings -- --since …` as an operator runs it, against the server's database (closed by the server first,
 * as the usage says for the embedded one): the ratings given or changed since the day, oldest first, in each format,
 * with their summary; bad arguments answered with the usage.
 */
describe.each(targets)('the ratings command on %s', (_name, open) => {
  let target: Target;
  let photo: (n: number) => number;

  const config = () => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target.env });
  async function run(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await ratingsCli(args, config, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  beforeAll(async () => {
    target = await open();
    const db: DataSource = await openDatabase(dataSourceOptions(config()));
    try {
      const { user } = await new UsersRepository().findOrCreate(db.manager, 'rated@example.com', new Date());
      const orders = new OrdersRepository();
      await new CreditsRepository(orders).grant(db.manager, {
        orderId: 'ord_rated',
        userId: user.id,
        packageId: 'premium',
        amount: 9900,
        photos: 40,
        paymentIntentId: 'pi_rated',
      });
      const ids: { id: number }[] = await db.query(
        `INSERT INTO photos (user_id, order_id, original_path, status, engine_version)
         SELECT $1, 'ord_rated', 'originals/' || n || '.jpg', 'completed', '3.0.0' FROM generate_series(1, 1210) AS n
         RETURNING id`,
        [user.id],
      );
      photo = (n) => ids[n].id;
      const ratings = new RatingsRepository();
      const rate = (n: number, score: number, note: string | null, at: string, style: string | null = 'listing') =>
        ratings.upsert(
          db.manager,
          {
            photoId: photo(n),
            userId: user.id,
            orderId: 'ord_rated',
            score,
            note,
            engineVersion: '3.0.0',
            style,
          },
          new Date(at),
        );
      await rate(0, 5, 'Before the day', '2026-10-31T23:59:59.999Z');
      await rate(1, 2, 'Too dark, "really"\nand grey', '2026-11-02T10:00:00Z', 'warm');
      await rate(2, 4, '=HYPERLINK("http://example.com")', '2026-11-03T10:00:00Z', null);
      // Rated before the day and changed since: listed, with its new score and time.
      await rate(3, 5, null, '2026-10-20T10:00:00Z');
      await rate(3, 2, null, '2026-11-05T10:00:00Z');
    } finally {
      await db.destroy();
    }
  }, 60_000);
  afterAll(async () => target?.cleanup());

  it('writes CSV rows of the ratings since the day, oldest first, and the summary on stderr', async () => {
    const { code, stdout, stderr } = await run('--since', '2026-11-01', '--format', 'csv');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'photo_id,order_id,score,note,rated_at,engine_version,style\r\n' +
        `${photo(1)},ord_rated,2,"Too dark, ""really""\nand grey",2026-11-02T10:00:00.000Z,3.0.0,warm\r\n` +
        // A note that a spreadsheet would run as a formula is shown as text.
        `${photo(2)},ord_rated,4,"'=HYPERLINK(""http://example.com"")",2026-11-03T10:00:00.000Z,3.0.0,\r\n` +
        `${photo(3)},ord_rated,2,,2026-11-05T10:00:00.000Z,3.0.0,listing\r\n`,
    );
    expect(stderr).toBe(
      [
        '3 rating(s) since 2026-11-01T00:00:00.000Z, mean 2.67',
        '  1:     0    0 %',
        '  2:     2   67 %',
        '  3:     0    0 %',
        '  4:     1   33 %',
        '  5:     0    0 %',
        '',
      ].join('\n'),
    );
  });

  it('writes one JSON document with the ratings and their summary', async () => {
    const { code, stdout } = await run('--since=2026-11-01T00:00:00Z', '--format=json');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.since).toBe('2026-11-01T00:00:00.000Z');
    expect(doc.ratings).toEqual([
      {
        photo_id: photo(1),
        order_id: 'ord_rated',
        score: 2,
        note: 'Too dark, "really"\nand grey',
        rated_at: '2026-11-02T10:00:00.000Z',
        engine_version: '3.0.0',
        style: 'warm',
      },
      expect.objectContaining({ photo_id: photo(2), score: 4, style: null }),
      expect.objectContaining({ photo_id: photo(3), score: 2, note: null }),
    ]);
    expect(doc.summary).toEqual({ count: 3, mean: 2.67, distribution: { 1: 0, 2: 2, 3: 0, 4: 1, 5: 0 } });
  });

  it('prints a table by default, one line per rating with its note on that line', async () => {
    const { code, stdout } = await run('--since', '2026-11-03');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^photo\s+order\s+score\s+rated at\s+engine\s+style\s+note$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${photo(2)}\\s+ord_rated\\s+4\\s+2026-11-03T10:00:00.000Z\\s+3.0.0\\s+-\\s+=HYPERLINK`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${photo(3)}\\s+ord_rated\\s+2\\s+2026-11-05T10:00:00.000Z\\s+3.0.0\\s+listing$`),
    );
    expect(stdout).toContain('2 rating(s) since 2026-11-03T00:00:00.000Z, mean 3.00');
  });

  it('says so when there is nothing to list', async () => {
    const { code, stdout } = await run('--since', '2027-01-01');
    expect(code).toBe(0);
    expect(stdout).toContain('0 rating(s) since 2027-01-01T00:00:00.000Z, no mean');
  });

  it('lists every one of more ratings than a page once, in order, even when many share a moment', async () => {
    // 1206 more ratings, six to each moment, so moments are shared across the 500-row pages.
    const db = await openDatabase(dataSourceOptions(config()));
    try {
      await db.query(
        `INSERT INTO photo_ratings (photo_id, user_id, order_id, score, created_at, updated_at)
         SELECT p.id, p.user_id, p.order_id, 1 + (p.id % 5), t, t
         FROM (SELECT id, user_id, order_id, row_number() OVER (ORDER BY id) AS n FROM photos
               WHERE id NOT IN (SELECT photo_id FROM photo_ratings)) p,
              LATERAL (SELECT timestamptz '2026-12-01T00:00:00Z' + ((p.n / 6) * interval '1 second') AS t) s`,
      );
    } finally {
      await db.destroy();
    }
    const { code, stdout } = await run('--since', '2026-12-01', '--format', 'json');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout);
    expect(doc.summary.count).toBe(1206);
    const keys = doc.ratings.map((r: { rated_at: string; photo_id: number }) => [r.rated_at, r.photo_id]);
    expect(keys).toHaveLength(1206);
    expect(new Set(doc.ratings.map((r: { photo_id: number }) => r.photo_id)).size).toBe(1206);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  }, 60_000);

  it.each([
    [[], '--since is required'],
    [['--since'], '--since needs a value'],
    [
      ['--since', '2026-02-30'],
      '--since must be a date like 2026-11-01 or a moment like 2026-11-01T09:00:00Z, not 2026-02-30',
    ],
    [['--since', '2026-11-01T09:00:00'], 'not 2026-11-01T09:00:00'],
    [['--since', 'yesterday'], 'not yesterday'],
    [['--since', '2026-11-01', '--format', 'xml'], '--format must be one of table, csv, json, not xml'],
    [['--since', '2026-11-01', '--dry-run'], 'Unknown argument --dry-run'],
  ])('answers %j with exit code 2, "%s" and the usage', async (args, message) => {
    const { code, stdout, stderr } = await run(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('usage: npm run ratings -- --since <date>');
  });

  it('shows its usage with --help', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--format csv');
  });
});
