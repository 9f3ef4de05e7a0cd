import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { dataSourceOptions, openDatabase } from '../../src/database/data-source';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../helpers/smtp-server';
import { sessionCookie } from '../support/auth';
import { buyPackage, sessionOn, uploadPhotos, waitForOrder, type HostSession } from '../support/journey';
import { smallJpeg } from '../support/photos';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const RECEIPT = /^Your .+ package is active$/;
const READY = /^Your enhanced photos are ready$/;
const REMINDER = /^Your enhanced photos will be deleted on /;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every email a host is owed goes out once even when the process sending it is killed while the SMTP server holds
 * back its acceptance: the killed attempt is never delivered (no 250), and a restarted process sends it again, with
 * the same Message-ID, once the dead one's lease has run out. Real processes on the embedded database, a real SMTP
 * server.
 */
describe('owed emails when the sending process is killed mid-send', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-faults-'));
  let smtp: TestSmtpServer;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let host: HostSession;
  let orderId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ListingLens <no-reply@listinglens.test>',
      ENHANCER_ENGINE: 'classic',
      // Production waits 10 minutes for a dead sender's lease and re-checks every 5; the test cannot wait that long.
      MAIL_LEASE_SECONDS: '2',
      RECONCILE_INTERVAL_SECONDS: '1',
    };
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    server = await startServerProcess(env);
    if (host) host = sessionOn(server.url, host.cookie);
    return server;
  };
  const delivered = (subject: RegExp) =>
    smtp.messages.filter((m) => subject.test(m.subject) && m.text.includes(orderId));

  /** Kills the process while the server holds the email's acceptance; it is not delivered. */
  async function killMidSend(subject: RegExp): Promise<ReceivedEmail> {
    const held = await smtp.waitForHeld(180_000).catch((err: Error) => {
      throw new Error(`${err.message}:\n${server!.output()}`);
    });
    expect(held.subject).toMatch(subject);
    await server!.stop('SIGKILL');
    const lost = await smtp.waitForAbandoned();
    expect(lost.headers['message-id']).toBe(held.headers['message-id']);
    expect(delivered(subject)).toEqual([]);
    return held;
  }

  /** After a restart: exactly one copy arrives, the same message as the killed attempt, and no second one follows. */
  async function expectOneAfterRecovery(subject: RegExp, kind: string, killed: ReceivedEmail): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (delivered(subject).length === 0) {
      if (Date.now() > deadline) throw new Error(`no ${kind} email after recovery:\n${server!.output()}`);
      await pause(200);
    }
    // Several reconciler passes and lease lengths later, still one.
    await pause(5000);
    const mails = delivered(subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers['message-id']).toBe(`<order-${orderId}.${kind}@listinglens.test>`);
    expect(mails[0].headers['message-id']).toBe(killed.headers['message-id']);
  }

  it('sends the receipt once after its sender was killed', async () => {
    await start();
    const email = 'killed-mid-send@example.com';
    await request(server!.url).post('/api/auth/email').set('X-Requested-With', 'test').send({ email }).expect(200);
    await smtp.waitForMessages(1);
    const link = new URL(smtp.messages.at(-1)!.links.find((l) => l.includes('/auth/confirm#'))!);
    const hash = new URLSearchParams(link.hash.slice(1));
    const verify = await request(server!.url)
      .post('/api/auth/verify')
      .set('X-Requested-With', 'test')
      .send(Object.fromEntries(['access_token', 'refresh_token', 'type'].map((k) => [k, hash.get(k)])))
      .expect(200);
    host = sessionOn(server!.url, sessionCookie(verify.headers['set-cookie']));

    smtp.holdNext(RECEIPT);
    orderId = await buyPackage(host);
    const killed = await killMidSend(RECEIPT);

    await start();
    await expectOneAfterRecovery(RECEIPT, 'purchase-receipt', killed);
  }, 180_000);

  it('sends the "photos ready" email once after its sender was killed', async () => {
    smtp.holdNext(READY);
    // The whole package: an order is processed once its photos are all uploaded.
    const photos = await Promise.all([0, 1, 2, 3, 4].map(() => smallJpeg(1600, 1200)));
    await uploadPhotos(host, orderId, photos).expect(201);
    const killed = await killMidSend(READY);

    await start();
    expect((await waitForOrder(host, orderId, (o) => o.status === 'completed')).status).toBe('completed');
    await expectOneAfterRecovery(READY, 'photos-ready', killed);
  }, 300_000);

  it('sends the purge reminder once after its sender was killed, without waiting for the next day', async () => {
    // 85 days on: inside the 7 days before the purge. The embedded database has one owner, so between two processes.
    await server!.stop('SIGTERM');
    const db = await openDatabase(dataSourceOptions({ dataDir, databaseUrl: undefined }));
    try {
      await db.query(`UPDATE orders SET completed_at = now() - make_interval(days => 85) WHERE id = $1`, [orderId]);
      // Today's retention run already happened; the next process's start-up run does it again.
      await db.query(`DELETE FROM job_locks WHERE name = 'retention.daily'`);
    } finally {
      await db.destroy();
    }

    smtp.holdNext(REMINDER);
    await start();
    const killed = await killMidSend(REMINDER);

    // The day's run stays claimed by the killed process for hours; the reminder must not wait for it.
    await start();
    await expectOneAfterRecovery(REMINDER, 'purge-reminder', killed);
  }, 180_000);
});
