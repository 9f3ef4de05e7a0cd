import sharp from 'sharp';
import { realPhotos } from '../../test/fixtures/photos';
import { enhance } from '../enhance';
import { downscale } from '../rgb-image';
import { findPlates, PLATE_SEARCH_SIDE } from './plates';

/** A street-ish scene: tarmac, a car body, and optionally a plate (dark characters on a light ground) on it. */
const scene = async (plate: { x: number; y: number; w: number; text: string } | null, extra = '') => {
  const h = plate ? Math.round(plate.w / 4.7) : 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#707478"/>
    <rect x="200" y="250" width="800" height="350" rx="40" fill="#28345a"/>
    ${
      plate
        ? `<rect x="${plate.x}" y="${plate.y}" width="${plate.w}" height="${h}" rx="4" fill="#f2f2ee" stroke="#111" stroke-width="2"/>
           <text x="${plate.x + plate.w / 2}" y="${plate.y + h * 0.78}" font-family="DejaVu Sans" font-weight="bold"
             font-size="${h * 0.72}" text-anchor="middle" fill="#111">${plate.text}</text>`
        : ''
    }${extra}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

describe('licence plates', () => {
  it.each([
    [60, 'AB12 CDE'],
    [120, 'KX 4721 B'],
    [240, 'M-LP 904'],
    [240, 'KX 4721 B'],
    [120, 'M-LP 904'],
  ])('finds a plate %i px wide and boxes its characters', async (w, text) => {
    const plate = { x: 520, y: 480, w, text };
    const found = findPlates(await scene(plate));
    expect(found).toHaveLength(1);
    const [box] = found;
    expect(box.x).toBeGreaterThanOrEqual(plate.x - 2);
    expect(box.x + box.w).toBeLessThanOrEqual(plate.x + w + 2);
    expect(box.w).toBeGreaterThan(w * 0.6);
    expect(box.y).toBeGreaterThanOrEqual(plate.y - 2);
    expect(box.y + box.h).toBeLessThanOrEqual(plate.y + w / 4.7 + 2);
  });

  it('takes neither a scene without text nor a regular grating (a radiator, blinds) for a plate', async () => {
    const fins = Array.from(
      { length: 14 },
      (_, i) => `<rect x="${300 + i * 8}" y="660" width="4" height="30" fill="#eee"/>`,
    ).join('');
    expect(findPlates(await scene(null, fins))).toEqual([]);
  });

  it('finds no plate in real bedrooms as delivered: a bedspread medallion and a lamp cable are not a line of characters', async () => {
    for (const { data } of realPhotos(5)) {
      // Searched where the blur searches: on the delivered rendering.
      const { image: delivered } = await enhance(data);
      const { data: pixels, info } = await sharp(delivered).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const image = { width: info.width, height: info.height, data: new Uint8Array(pixels) };
      expect(findPlates(await downscale(image, PLATE_SEARCH_SIDE))).toEqual([]);
    }
  }, 120_000);
});
