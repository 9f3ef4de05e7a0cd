import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Engine 3.0.0 made the listing look the delivered rendering, and `natural` now names the learned model's look.
 * Adjustments asked for before meant "as delivered" by `natural`, so they become `listing`, and so does the style
 * the engine wrote into the photo reports of that time (the gallery names a natural look a host asked for).
 */
export class ListingAdjustmentStyle1764374400000 implements MigrationInterface {
  name = 'ListingAdjustmentStyle1764374400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photo_adjustments DROP CONSTRAINT photo_adjustments_style_check`);
    await db.query(`UPDATE photo_adjustments SET style = 'listing' WHERE style = 'natural'`);
    await db.query(`
      ALTER TABLE photo_adjustments ADD CONSTRAINT photo_adjustments_style_check
        CHECK (style IN ('listing', 'natural', 'bright-airy', 'warm'))
    `);
    await db.query(`
      UPDATE photos SET enhancement_report = jsonb_set(enhancement_report, '{corrections,adjustments,style}', '"listing"')
      WHERE enhancement_report #>> '{corrections,adjustments,style}' = 'natural'
    `);
  }

  /** The earlier schema has one neutral style: listing and the model's natural both go back to `natural`. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photo_adjustments DROP CONSTRAINT photo_adjustments_style_check`);
    await db.query(`UPDATE photo_adjustments SET style = 'natural' WHERE style = 'listing'`);
    await db.query(`
      ALTER TABLE photo_adjustments ADD CONSTRAINT photo_adjustments_style_check
        CHECK (style IN ('natural', 'bright-airy', 'warm'))
    `);
    await db.query(`
      UPDATE photos SET enhancement_report = jsonb_set(enhancement_report, '{corrections,adjustments,style}', '"natural"')
      WHERE enhancement_report #>> '{corrections,adjustments,style}' = 'listing'
    `);
  }
}
