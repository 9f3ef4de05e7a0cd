import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataSourceOptions, openDatabase } from '../../src/database/data-source';
import { MIGRATIONS } from '../../src/shared/db/migrations';
import { EmbeddedDatabaseInUseError } from '../../src/shared/db/pglite-driver';
import { databaseForSuite, databaseTargets } from '../support/database-targets';
import { UserEntity } from '../../src/modules/auth';
import { OrderEntity } from '../../src/modules/orders';
import { TransactionEntity } from '../../src/modules/payments';
import { PhotoEntity } from '../../src/modules/photos';

/** Migrations and the schema's guarantees, on PGlite always and on a real Postgres server when CI provides one. */
const targets = databaseTargets();

describe.each(targets)('database on %s', (_name, open) => {
  const db = databaseForSuite(open);

  async function makeUser(email: string) {
    return db().getRepository(UserEntity).save({ email });
  }

  it('applies the migrations once and records them', async () => {
    const applied = await db().query('SELECT name FROM migrations');
    expect(applied.map((r: { name: string }) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await db().runMigrations()).toEqual([]);
  });

  it('fills the spec defaults for a new user and order', async () => {
    const user = await makeUser('defaults@example.com');
    const fresh = await db().getRepository(UserEntity).findOneByOrFail({ id: user.id });
    expect(fresh.photosRemaining).toBe(0);
    expect(fresh.photosProcessed).toBe(0);
    expect(fresh.signupDate).toBeInstanceOf(Date);
    await db().getRepository(OrderEntity).insert({
      id: 'ord_defaults',
      userId: user.id,
      packageType: 'basic',
      amount: 2900,
      photosPurchased: 5,
      photosRemaining: 5,
      stripePaymentIntentId: 'pi_defaults',
    });
    const order = await db().getRepository(OrderEntity).findOneByOrFail({ id: 'ord_defaults' });
    expect(order.status).toBe('new');
    expect(order.createdAt).toBeInstanceOf(Date);
    const photo = await db()
      .getRepository(PhotoEntity)
      .save({ userId: user.id, orderId: order.id, originalPath: 'originals/x/ord_defaults/1.jpg' });
    const stored = await db().getRepository(PhotoEntity).findOneByOrFail({ id: photo.id });
    expect(stored.status).toBe('uploaded');
    expect(stored.uploadDate).toBeInstanceOf(Date);
  });

  it('refuses a second account for the same email in another case', async () => {
    await makeUser('Case@Example.com');
    await expect(makeUser('case@example.com')).rejects.toThrow(/unique|duplicate/i);
  });

  it('keeps a payment in the ledger once', async () => {
    const user = await makeUser('ledger@example.com');
    const row = {
      userId: user.id,
      packageType: 'basic' as const,
      amount: 2900,
      photosPurchased: 5,
      stripeTransactionId: 'pi_once',
    };
    await db().getRepository(TransactionEntity).insert(row);
    await expect(db().getRepository(TransactionEntity).insert(row)).rejects.toThrow(/unique|duplicate/i);
    expect(await db().getRepository(TransactionEntity).countBy({ stripeTransactionId: 'pi_once' })).toBe(1);
  });

  it('never lets credits go below zero or an order take an unknown status', async () => {
    const user = await makeUser('credits@example.com');
    await expect(
      db().query('UPDATE users SET photos_remaining = photos_remaining - 1 WHERE id = $1', [user.id]),
    ).rejects.toThrow(/check/i);
    await expect(
      db().query(
        `INSERT INTO orders (id, user_id, package_type, amount, photos_purchased, photos_remaining, stripe_payment_intent_id, status)
         VALUES ('ord_bad', $1, 'basic', 2900, 5, 5, 'pi_bad', 'shipped')`,
        [user.id],
      ),
    ).rejects.toThrow(/check/i);
  });

  it('isolates concurrent transactions: a rollback in one never undoes the other', async () => {
    const a = makeUser('tx-a@example.com');
    const failing = db().transaction(async (em) => {
      await em.getRepository(UserEntity).insert({ email: 'tx-rolled-back@example.com' });
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const b = db().transaction(async (em) => {
      await em.getRepository(UserEntity).insert({ email: 'tx-b@example.com' });
    });
    await expect(failing).rejects.toThrow('boom');
    await Promise.all([a, b]);
    const emails = (await db().getRepository(UserEntity).find()).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['tx-a@example.com', 'tx-b@example.com']));
    expect(emails).not.toContain('tx-rolled-back@example.com');
  });
});

describe('embedded database ownership', () => {
  const options = (dataDir: string) => dataSourceOptions({ dataDir, databaseUrl: undefined });
  let dataDir: string;
  let lockFile: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-lock-'));
    lockFile = path.join(dataDir, 'pglite.lock');
  });

  it('refuses a second opening while the first holds the directory, and allows it once that one closed', async () => {
    const first = await openDatabase(options(dataDir));
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await expect(openDatabase(options(dataDir))).rejects.toThrow(EmbeddedDatabaseInUseError);
    await first.destroy();
    expect(fs.existsSync(lockFile)).toBe(false);
    const second = await openDatabase(options(dataDir));
    await second.destroy();
  });

  it('tells an operator which process holds it and what to do', async () => {
    // Another live process: this test's parent (jest's runner or the shell).
    fs.writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase(options(dataDir))).rejects.toThrow(
      `The embedded database in ${path.join(dataDir, 'pglite')} is in use by another process (pid ${process.ppid}). ` +
        'Stop it first (npm start, npm run worker or a CLI), or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.ppid));
  });

  it('keeps what a new directory was given across restarts, with small shared buffers', async () => {
    // A new directory is opened twice (initdb's heap is dropped): the first process must still see one database.
    const first = await openDatabase(options(dataDir));
    await first.getRepository(UserEntity).save({ email: 'first-start@example.com' });
    const [{ shared_buffers }] = await first.query('SHOW shared_buffers');
    expect(shared_buffers).toBe('32MB');
    await first.destroy();
    const again = await openDatabase(options(dataDir));
    expect(await again.getRepository(UserEntity).countBy({ email: 'first-start@example.com' })).toBe(1);
    expect(await again.query('SELECT count(*)::int AS n FROM migrations')).toEqual([{ n: MIGRATIONS.length }]);
    await again.destroy();
  });

  it('starts cleanly after a first start that was killed while creating the database', async () => {
    // What a kill during the first start can leave: a half-built directory beside the database and no PG_VERSION.
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'pglite.new-4242', 'global'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite.new-4242', 'global', 'pg_control'), 'half written');
    const opened = await openDatabase(options(dataDir));
    await opened.getRepository(UserEntity).save({ email: 'after-a-crash@example.com' });
    expect(await opened.getRepository(UserEntity).countBy({ email: 'after-a-crash@example.com' })).toBe(1);
    await opened.destroy();
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.new'))).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    fs.writeFileSync(lockFile, String(dead));
    const opened = await openDatabase(options(dataDir));
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await opened.destroy();
  });
});
