import { OrderLook1764547200000 } from '../../src/shared/db/migrations/1764547200000-order-look';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/**
 * Orders (and the test gateway's payment intents) carry the look chosen at purchase. Those made before the column
 * existed were delivered in the listing look, and say so; the column takes no look the product does not offer.
 */
describe.each(databaseTargets())('the order look migration on %s', (_name, open) => {
  const db = databaseForSuite(open);

  it('gives existing orders and payment intents the listing look and refuses a look that is not offered', async () => {
    const migration = new OrderLook1764547200000();
    const [{ id: userId }] = await db().query(`INSERT INTO users (email) VALUES ('looked@example.com') RETURNING id`);
    // One connection throughout: PGlite's is exclusive until released.
    const runner = db().createQueryRunner();
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO orders (id, user_id, package_type, amount, photos_purchased, photos_remaining,
           stripe_payment_intent_id, status)
         VALUES ('ord_before_looks', $1, 'basic', 2900, 5, 5, 'pi_before_looks', 'new')`,
        [userId],
      );
      await runner.query(
        `INSERT INTO local_payment_intents (id, client_secret, idempotency_key, amount, currency, user_id, package_type)
         VALUES ('pi_before_looks', 'pi_before_looks_secret', 'k-before-looks', 2900, 'usd', $1, 'basic')`,
        [userId],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    expect(await db().query(`SELECT look FROM orders WHERE id = 'ord_before_looks'`)).toEqual([{ look: 'listing' }]);
    expect(await db().query(`SELECT look FROM local_payment_intents WHERE id = 'pi_before_looks'`)).toEqual([
      { look: 'listing' },
    ]);
    await db().query(`UPDATE orders SET look = 'warm' WHERE id = 'ord_before_looks'`);
    await expect(db().query(`UPDATE orders SET look = 'sepia' WHERE id = 'ord_before_looks'`)).rejects.toThrow(
      /check/i,
    );
    await expect(
      db().query(`UPDATE local_payment_intents SET look = 'Warm' WHERE id = 'pi_before_looks'`),
    ).rejects.toThrow(/check/i);
    expect(await db().query(`SELECT look FROM orders WHERE id = 'ord_before_looks'`)).toEqual([{ look: 'warm' }]);
  });
});
