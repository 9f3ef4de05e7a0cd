import sharp from 'sharp';
import { realPhotos } from '../../test/fixtures/photos';
import { enhance } from '../enhance';
import { MaximPool } from '../learned/maxim-pool';
import { downscale } from '../rgb-image';
import type { AdjustmentStyle } from '../stages/adjust';
import { findPlates, PLATE_SEARCH_SIDE } from './plates';

jest.setTimeout(600_000);

/**
 * The plate search runs on the delivered rendering, so every look a host can order is searched: tried as a new user,
 * the natural look of a CC BY bedroom made its bedspread's medallion contrasty enough to be blurred as a "plate".
 */
describe('licence plates in every look', () => {
  const pool = new MaximPool({ workers: 1 });
  afterAll(() => pool.close());

  it.each<[AdjustmentStyle]>([['natural'], ['warm'], ['bright-airy']])(
    'finds no plate in the five CC BY bedrooms in the %s look',
    async (look) => {
      const found: string[] = [];
      for (const { name, data } of realPhotos(5)) {
        const { image: delivered } = await enhance(data, {
          look,
          ...(look === 'natural' ? { engine: 'learned' as const, retoucher: pool } : {}),
        });
        const { data: pixels, info } = await sharp(delivered).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const image = { width: info.width, height: info.height, data: new Uint8Array(pixels) };
        const plates = findPlates(await downscale(image, PLATE_SEARCH_SIDE));
        if (plates.length) found.push(`${name}: ${JSON.stringify(plates)}`);
      }
      expect(found).toEqual([]);
    },
  );
});
