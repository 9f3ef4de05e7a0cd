import { type AppConfig } from '../../src/config/app-config';
import { SmtpMailer } from '../../src/modules/notifications/adapters/smtp.mailer';
import {
  type OwedEmailContent,
  SendOwedEmail,
} from '../../src/modules/notifications/application/send-owed-email.use-case';
import { EmailDeliveriesRepository } from '../../src/modules/notifications/persistence/email-deliveries.repository';
import { Mailer, type MailMessage } from '../../src/modules/notifications/ports/mailer';
import { EmailDeliveries1764288000000 } from '../../src/shared/db/migrations/1764288000000-email-deliveries';
import { databaseForSuite, databaseTargets } from '../support/database-targets';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';

const FROM = 'ListingLens <no-reply@listinglens.test>';
const LEASE_MS = 60_000;

/** Sends through the real mailer unless told to fail the next send, as an SMTP server that refuses would. */
class FlakyMailer extends Mailer {
  failNext = false;
  constructor(private readonly real: Mailer) {
    super();
  }
  async send(message: MailMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('451 try again later');
    }
    await this.real.send(message);
  }
}

/**
 * SendOwedEmail against the real schema (PGlite always, Postgres when CI provides one) and a real SMTP server: an
 * owed email goes out once, a failed send is given back, a lease a dead process left runs out and is taken over
 * with the same Message-ID, and an accepted email is never sent again.
 */
describe.each(databaseTargets())('SendOwedEmail on %s', (_name, open) => {
  const db = databaseForSuite(open);
  let smtp: TestSmtpServer;
  let smtpMailer: SmtpMailer;
  let mailer: FlakyMailer;
  let send: SendOwedEmail;
  const deliveries = new EmailDeliveriesRepository();
  let seq = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    smtpMailer = new SmtpMailer(smtp.url, FROM);
    mailer = new FlakyMailer(smtpMailer);
    send = new SendOwedEmail(db(), deliveries, mailer, { mail: { from: FROM, leaseMs: LEASE_MS } } as AppConfig);
  }, 60_000);
  afterAll(async () => {
    smtpMailer?.onModuleDestroy();
    await smtp?.close();
  });

  const receipt = (orderId: string, to = 'host@example.com'): (() => Promise<OwedEmailContent>) => {
    return async () => ({
      to,
      email: {
        email: 'purchase-receipt',
        name: 'Maria',
        packageName: 'Standard',
        photos: 20,
        price: '$49.00',
        orderId,
        link: `https://app.listinglens.test/order?order=${orderId}`,
      },
    });
  };
  const received = (orderId: string) => smtp.messages.filter((m) => m.text.includes(orderId));
  /** As if the lease's time had passed: its process died without accepting or giving it back. */
  const ageLease = (kind: string, orderId: string) =>
    db().query(
      `UPDATE email_deliveries SET lease_until = now() - interval '1 second' WHERE kind = $1 AND order_id = $2`,
      [kind, orderId],
    );

  it("sends an order's email once, with its order's Message-ID, however often it is asked", async () => {
    const orderId = `ord_owed_${++seq}`;
    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(true);
    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(false);
    await smtp.waitForMessages(1);
    const mails = received(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers['message-id']).toBe(`<order-${orderId}.purchase-receipt@listinglens.test>`);
    expect(mails[0].envelope.to).toEqual(['host@example.com']);
    // Another kind of email of the same order is owed on its own.
    expect(await send.execute('purge-reminder', orderId, async () => null)).toBe(false);
  });

  it('gives a failed send back at once, so the retry sends it', async () => {
    const orderId = `ord_owed_${++seq}`;
    mailer.failNext = true;
    await expect(send.execute('purchase-receipt', orderId, receipt(orderId))).rejects.toThrow('451 try again later');
    expect(received(orderId)).toHaveLength(0);
    expect(await send.interrupted('purchase-receipt')).not.toContain(orderId);
    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(true);
    expect(received(orderId)).toHaveLength(1);
  });

  it('gives the lease back when the order no longer owes the email, and sends once it does', async () => {
    const orderId = `ord_owed_${++seq}`;
    expect(await send.execute('photos-ready', orderId, async () => null)).toBe(false);
    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(true);
    expect(received(orderId)).toHaveLength(1);
  });

  it("leaves a running lease alone, takes one that ran out over with the first attempt's Message-ID", async () => {
    const orderId = `ord_owed_${++seq}`;
    // A process leased it (with the Message-ID of its day's MAIL_FROM) and was killed before the server answered.
    expect(
      await deliveries.lease(
        db().manager,
        'purchase-receipt',
        orderId,
        `<order-${orderId}.receipt@old.test>`,
        LEASE_MS,
      ),
    ).toEqual({ messageId: `<order-${orderId}.receipt@old.test>`, attempt: 1 });

    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(false);
    expect(await send.interrupted('purchase-receipt')).not.toContain(orderId);
    expect(received(orderId)).toHaveLength(0);

    await ageLease('purchase-receipt', orderId);
    expect(await send.interrupted('purchase-receipt')).toContain(orderId);
    expect(await send.execute('purchase-receipt', orderId, receipt(orderId))).toBe(true);
    const mails = received(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers['message-id']).toBe(`<order-${orderId}.receipt@old.test>`);
    expect(await send.interrupted('purchase-receipt')).not.toContain(orderId);
  });

  it('never sends an accepted email again, whatever its lease says', async () => {
    const orderId = `ord_owed_${++seq}`;
    expect(await send.execute('purge-reminder', orderId, receipt(orderId))).toBe(true);
    await ageLease('purge-reminder', orderId);
    expect(await send.interrupted('purge-reminder')).not.toContain(orderId);
    expect(await send.execute('purge-reminder', orderId, receipt(orderId))).toBe(false);
    expect(await deliveries.lease(db().manager, 'purge-reminder', orderId, '<x@test>', LEASE_MS)).toBeNull();
    expect(received(orderId)).toHaveLength(1);
  });

  it('lets one of three concurrent sends through', async () => {
    const orderId = `ord_owed_${++seq}`;
    const results = await Promise.all([1, 2, 3].map(() => send.execute('photos-ready', orderId, receipt(orderId))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(received(orderId)).toHaveLength(1);
  });
});

/** The migration carries every email already sent over as accepted, so none goes out again after the upgrade. */
describe.each(databaseTargets())('the email_deliveries migration on %s', (_name, open) => {
  const db = databaseForSuite(open);

  it('keeps what was sent sent', async () => {
    const migration = new EmailDeliveries1764288000000();
    // One connection throughout: PGlite's is exclusive until released.
    const runner = db().createQueryRunner();
    try {
      await migration.down(runner);
      const [user] = await runner.query(`INSERT INTO users (email) VALUES ('migrated@example.com') RETURNING id`);
      const insert = (id: string, sent: string) =>
        runner.query(
          `INSERT INTO orders (id, user_id, package_type, amount, photos_purchased, photos_remaining,
             stripe_payment_intent_id, status, completed_at, ${sent})
           VALUES ($1, $2, 'basic', 100, 5, 0, $1, 'completed', now(), now())`,
          [id, user.id],
        );
      await insert('ord_mig_receipt', 'receipt_sent_at');
      await insert('ord_mig_ready', 'ready_email_sent_at');
      await insert('ord_mig_reminder', 'purge_reminder_sent_at');
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const rows = await db().query(
      `SELECT kind, order_id, accepted_at IS NOT NULL AS accepted FROM email_deliveries
       WHERE order_id LIKE 'ord_mig_%' ORDER BY order_id`,
    );
    expect(rows).toEqual([
      { kind: 'photos-ready', order_id: 'ord_mig_ready', accepted: true },
      { kind: 'purchase-receipt', order_id: 'ord_mig_receipt', accepted: true },
      { kind: 'purge-reminder', order_id: 'ord_mig_reminder', accepted: true },
    ]);
    const send = new SendOwedEmail(db(), new EmailDeliveriesRepository(), strictMailer(), {
      mail: { from: FROM, leaseMs: LEASE_MS },
    } as AppConfig);
    expect(await send.execute('purchase-receipt', 'ord_mig_receipt', async () => null)).toBe(false);
    expect(await send.execute('photos-ready', 'ord_mig_ready', async () => null)).toBe(false);
    expect(await send.execute('purge-reminder', 'ord_mig_reminder', async () => null)).toBe(false);
  });
});

/** A mailer any send to which fails the test. */
function strictMailer(): Mailer {
  return new (class extends Mailer {
    send(): Promise<void> {
      throw new Error('nothing should be sent');
    }
  })();
}
