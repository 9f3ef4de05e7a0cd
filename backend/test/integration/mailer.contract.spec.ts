import { Logger } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { ConfigModule } from '../../src/config/config.module';
import { OutboxMailer } from '../../src/modules/notifications/adapters/outbox.mailer';
import { SmtpMailer } from '../../src/modules/notifications/adapters/smtp.mailer';
import { renderEmail } from '../../src/modules/notifications/application/render-email';
import { NotificationsModule } from '../../src/modules/notifications/notifications.module';
import { Mailer } from '../../src/modules/notifications/ports/mailer';
import { ParsedEmail } from '../helpers/email';
import { readOutbox } from '../helpers/outbox';
import { startSmtpServer } from '../helpers/smtp-server';

const FROM = 'ListingLens <no-reply@listinglens.test>';

interface Harness {
  mailer: Mailer;
  /** Messages as they arrived, oldest first, with the recipient the transport delivered to. */
  received(count: number): Promise<(ParsedEmail & { recipient: string })[]>;
  close(): Promise<void>;
}

/** Builds the Mailer the way the app does: ConfigModule + NotificationsModule choosing the adapter from config. */
async function compile(config: AppConfig): Promise<TestingModule> {
  return Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), NotificationsModule],
  }).compile();
}

const adapters: [string, () => Promise<Harness>][] = [
  [
    'OutboxMailer',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
      const moduleRef = await compile(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MAIL_FROM: FROM }));
      const mailer = moduleRef.get(Mailer);
      expect(mailer).toBeInstanceOf(OutboxMailer);
      return {
        mailer,
        received: async () =>
          (await readOutbox(path.join(dataDir, 'outbox'))).map((mail) => ({ ...mail, recipient: mail.to })),
        close: async () => {
          await moduleRef.close();
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'SmtpMailer (smtp-server)',
    async () => {
      const server = await startSmtpServer();
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'smtp-'));
      const moduleRef = await compile(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MAIL_FROM: FROM, SMTP_URL: server.url }),
      );
      const mailer = moduleRef.get(Mailer);
      expect(mailer).toBeInstanceOf(SmtpMailer);
      return {
        mailer,
        received: async (count) =>
          (await server.waitForMessages(count)).map((mail) => ({ ...mail, recipient: mail.envelope.to.join(',') })),
        close: async () => {
          await moduleRef.close();
          await server.close();
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(adapters)('Mailer contract: %s', (_name, makeHarness) => {
  let harness: Harness;
  let sent = 0;

  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function send(message: Parameters<Mailer['send']>[0]) {
    await harness.mailer.send(message);
    sent++;
    const all = await harness.received(sent);
    expect(all).toHaveLength(sent);
    return all[sent - 1];
  }

  it('delivers a plain-text message with its recipient, sender, subject and links intact', async () => {
    // Long enough to be wrapped by quoted-printable, with `=` and `&` that the encoding must round-trip.
    const link =
      'https://app.listinglens.test/auth/magic?token=tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0&next=%2Forders%2F42';
    const text = `Hello,\n\nYour photos are ready: ${link}.\nView your order at https://app.listinglens.test/orders/42\n\nThanks`;
    const mail = await send({ to: 'host@example.com', subject: 'Your photos are ready', text });

    expect(mail.recipient).toBe('host@example.com');
    expect(mail.to).toBe('host@example.com');
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('Your photos are ready');
    expect(mail.text.trim()).toBe(text);
    expect(mail.links).toEqual([link, 'https://app.listinglens.test/orders/42']);
    expect(mail.html).toBeUndefined();
    expect(mail.headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(mail.headers['date']).toBeTruthy();
  });

  it('delivers an HTML alternative, a reply-to and non-ASCII text', async () => {
    const mail = await send({
      to: 'hote@example.com',
      subject: 'Réception — 3 photos ✓',
      text: 'Café au lait: https://app.listinglens.test/o/1',
      html: '<p>Café au lait: <a href="https://app.listinglens.test/o/1">open</a></p>',
      replyTo: 'support@listinglens.test',
    });
    expect(mail.recipient).toBe('hote@example.com');
    expect(mail.subject).toBe('Réception — 3 photos ✓');
    expect(mail.replyTo).toBe('support@listinglens.test');
    expect(mail.text.trim()).toBe('Café au lait: https://app.listinglens.test/o/1');
    expect(mail.html?.trim()).toBe('<p>Café au lait: <a href="https://app.listinglens.test/o/1">open</a></p>');
  });

  it('delivers a rendered email: text and HTML as alternatives, its thumbnails inline and referenced by cid', async () => {
    const thumbnail = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .webp()
        .toBuffer();
    const rendered = await renderEmail({
      email: 'photos-ready',
      name: 'Maria',
      delivered: 2,
      failed: 0,
      link: 'https://app.listinglens.test/gallery?order=ord_42',
      supportEmail: 'support@listinglens.test',
      thumbnails: [
        { name: 'kitchen.jpg', image: await thumbnail('#c08040') },
        { name: 'bedroom.jpg', image: await thumbnail('#4080c0') },
      ],
    });
    const mail = await send({ to: 'host@example.com', ...rendered });

    expect(mail.subject).toBe('Your enhanced photos are ready');
    expect(mail.multiparts).toEqual(['multipart/alternative', 'multipart/related']);
    expect(mail.text.trim()).toBe(rendered.text);
    expect(mail.links).toEqual(['https://app.listinglens.test/gallery?order=ord_42']);
    expect(mail.html?.trim()).toBe(rendered.html.trim());
    const referenced = [...(mail.html ?? '').matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]);
    expect(referenced).toHaveLength(2);
    expect(mail.inlineImages.map((image) => image.cid)).toEqual(referenced);
    for (const [i, image] of mail.inlineImages.entries()) {
      expect(image.contentType).toBe('image/jpeg');
      expect(image.disposition).toBe('inline');
      expect(image.content.equals(rendered.inlineImages[i].content)).toBe(true);
    }
  });

  it('delivers each message separately', async () => {
    await harness.mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await harness.mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two' });
    sent += 2;
    const last = (await harness.received(sent)).slice(-2);
    expect(last.map((m) => [m.recipient, m.subject, m.text.trim()])).toEqual([
      ['a@example.com', 'First', 'one'],
      ['b@example.com', 'Second', 'two'],
    ]);
  });
});

describe('OutboxMailer specifics', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-only-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  afterEach(() => jest.restoreAllMocks());

  it('writes one timestamped .eml per message, creating the folder, and logs one line with the links', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const outbox = path.join(dir, 'outbox');
    const mailer = new OutboxMailer(outbox, FROM);
    await mailer.send({
      to: 'host@example.com',
      subject: 'Sign in',
      text: 'Sign in: https://x.test/a?b=1, or (https://x.test/c). No link here.',
    });

    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    expect(log).toHaveBeenCalledTimes(1);
    const { msg: line, links } = log.mock.calls[0][0] as { msg: string; links: string[] };
    expect(links).toEqual(['https://x.test/a?b=1', 'https://x.test/c']);
    expect(line).toContain('host@example.com');
    expect(line).toContain('Sign in');
    expect(line).toContain('https://x.test/a?b=1 https://x.test/c');
    expect(line).not.toMatch(/https:\/\/x\.test\/a\?b=1,|https:\/\/x\.test\/c\)/);

    const [mail] = await readOutbox(outbox);
    expect(mail.raw).toMatch(/^From: /m);
    expect(mail.raw).toMatch(/\r\n\r\n/);
    expect(mail.headers['mime-version']).toBe('1.0');
  });

  it('reads an outbox that does not exist yet as empty', async () => {
    expect(await readOutbox(path.join(dir, 'nope'))).toEqual([]);
  });
});
