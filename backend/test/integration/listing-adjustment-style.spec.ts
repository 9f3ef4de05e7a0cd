import { ListingAdjustmentStyle1764374400000 } from '../../src/shared/db/migrations/1764374400000-listing-adjustment-style';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/**
 * Before engine 3.0.0 `natural` meant "as delivered"; it now names the learned model's look. The migration moves
 * what hosts asked for then (their adjustments and the style in their photos' reports) to `listing`, so a host who
 * kept the delivered look is neither shown "Natural look" nor sent to the model on a retry.
 */
describe.each(databaseTargets())('the listing adjustment style migration on %s', (_name, open) => {
  const db = databaseForSuite(open);

  it('makes the old natural (as delivered) listing, keeps the other styles, and then accepts the new natural', async () => {
    const migration = new ListingAdjustmentStyle1764374400000();
    const report = (style: string) => JSON.stringify({ corrections: { adjustments: { applied: true, style } } });
    const photoIds: number[] = [];
    const [{ id: userId }] = await db().query(`INSERT INTO users (email) VALUES ('restyled@example.com') RETURNING id`);
    // One connection throughout: PGlite's is exclusive until released.
    const runner = db().createQueryRunner();
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO orders (id, user_id, package_type, amount, photos_purchased, photos_remaining,
           stripe_payment_intent_id, status, completed_at)
         VALUES ('ord_restyled', $1, 'premium', 100, 5, 3, 'pi_restyled', 'completed', now())`,
        [userId],
      );
      for (const style of ['natural', 'warm']) {
        const [photo] = await runner.query(
          `INSERT INTO photos (user_id, order_id, original_path, status, enhancement_report)
           VALUES ($1, 'ord_restyled', $2, 'completed', $3::jsonb) RETURNING id`,
          [userId, `originals/${style}.jpg`, report(style)],
        );
        photoIds.push(photo.id);
        await runner.query(
          `INSERT INTO photo_adjustments (photo_id, user_id, style, brightness, warmth, straighten, status)
           VALUES ($1, $2, $3, 1, 0, true, 'completed')`,
          [photo.id, userId, style],
        );
      }
      await expect(
        runner.query(
          `INSERT INTO photo_adjustments (photo_id, user_id, style, brightness, warmth, straighten)
           VALUES ($1, $2, 'listing', 0, 0, true)`,
          [photoIds[0], userId],
        ),
      ).rejects.toThrow(/check/i);
      await migration.up(runner);
    } finally {
      await runner.release();
    }

    const styles = await db().query(
      `SELECT a.style, p.enhancement_report #>> '{corrections,adjustments,style}' AS reported
       FROM photo_adjustments a JOIN photos p ON p.id = a.photo_id WHERE p.order_id = 'ord_restyled' ORDER BY a.id`,
    );
    expect(styles).toEqual([
      { style: 'listing', reported: 'listing' },
      { style: 'warm', reported: 'warm' },
    ]);
    for (const style of ['listing', 'natural']) {
      await db().query(
        `INSERT INTO photo_adjustments (photo_id, user_id, style, brightness, warmth, straighten, status)
         VALUES ($1, $2, $3, 0, 0, true, 'completed')`,
        [photoIds[0], userId, style],
      );
    }
    await expect(
      db().query(
        `INSERT INTO photo_adjustments (photo_id, user_id, style, brightness, warmth, straighten)
         VALUES ($1, $2, 'sepia', 0, 0, true)`,
        [photoIds[0], userId],
      ),
    ).rejects.toThrow(/check/i);
  });
});
