import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContactMessageEntity } from '../../src/modules/contact';
import { readOutbox } from '../helpers/outbox';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

const valid = {
  name: 'Maria Host',
  email: 'maria@example.com',
  subject: 'Question about Premium',
  message: 'Can I get custom adjustments for my beach house photos?',
};

describe('POST /api/contact', () => {
  let t: TestApp;
  // Each test sends from its own address, so the rate limit of one never trips another.
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ SUPPORT_EMAIL: 'help@listinglens.test' });
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (body: unknown, ip = nextIp()) =>
    request(t.app.getHttpServer())
      .post('/api/contact')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-Forwarded-For', ip)
      .send(body as object);
  const stored = () =>
    t.app
      .get(DataSource)
      .getRepository(ContactMessageEntity)
      .find({ order: { id: 'ASC' } });
  const outbox = () => readOutbox(path.join(t.dataDir, 'outbox'));

  it('stores a valid message and mails it to the configured support address', async () => {
    const before = (await outbox()).length;
    const res = await post({ ...valid, name: '  Maria Host  ' }).expect(200);
    expect(res.body).toEqual({ success: true, message: "Thanks for contacting us. We'll get back to you soon!" });

    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({ ...valid, userId: null });

    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toContain('help@listinglens.test');
    expect(mail.subject).toBe('[Contact] Question about Premium');
    expect(mail.text).toContain('Maria Host <maria@example.com>');
    expect(mail.text).toContain(valid.message);
  });

  it('links a signed-in sender to the account', async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'signed-in@example.com');
    await post({ ...valid, email: 'signed-in@example.com' })
      .set('Cookie', cookie)
      .expect(200);
    const row = (await stored()).at(-1)!;
    expect(row.email).toBe('signed-in@example.com');
    expect(row.userId).toEqual(expect.any(Number));
  });

  it.each([
    ['name', { name: 'M' }, 'Name must be at least 2 characters'],
    ['name (blank)', { name: '   ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['subject', { subject: 'Q' }, 'Subject must be at least 2 characters'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
  ])('refuses an invalid %s with the spec message', async (_field, change, message) => {
    const count = (await stored()).length;
    const res = await post({ ...valid, ...change }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    expect(await stored()).toHaveLength(count);
  });

  it.each(['name', 'email', 'subject', 'message'])('refuses a missing %s', async (field) => {
    const body: Record<string, string> = { ...valid };
    delete body[field];
    const res = await post(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('lists every broken rule at once', async () => {
    const res = await post({ name: '', email: 'x', subject: '', message: '' }).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Subject must be at least 2 characters',
        'Message must be at least 10 characters',
      ]),
    );
  });

  it('refuses over-long fields and unknown fields', async () => {
    await post({ ...valid, message: 'x'.repeat(5001) }).expect(400);
    const res = await post({ ...valid, isAdmin: true }).expect(400);
    expect(res.body.message).toMatch(/isAdmin/);
  });

  it('answers a filled honeypot as a success but keeps and mails nothing', async () => {
    const count = (await stored()).length;
    const mails = (await outbox()).length;
    const res = await post({ ...valid, website: 'http://spam.example' }).expect(200);
    expect(res.body.success).toBe(true);
    expect(await stored()).toHaveLength(count);
    expect(await outbox()).toHaveLength(mails);
  });

  it('refuses a cross-site post carrying the session cookie (no X-Requested-With)', async () => {
    await request(t.app.getHttpServer())
      .post('/api/contact')
      .set('Cookie', 'sid=abc')
      .set('X-Forwarded-For', nextIp())
      .send(valid)
      .expect(403);
  });

  it('accepts an empty honeypot', async () => {
    await post({ ...valid, website: '' }).expect(200);
  });

  it('rate-limits one address to 5 messages per 10 minutes, with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) await post(valid, ip).expect(200);
    const res = await post(valid, ip).expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many messages. Please try again later.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    await post(valid, '10.9.9.10').expect(200);
  });
});
