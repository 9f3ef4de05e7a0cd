import { noise, png, rawRgb } from '../../test/fixtures/enhancement-images';
import { enhance } from '../enhance';
import { measurePhoto } from '../measure';
import { decodeRaw } from '../../test/fixtures/enhancement-images';
import { planWhiteBalance } from './white-balance';

describe('white balance', () => {
  const random = noise(7);
  // A mid-grey card under warm light, with sensor-like grain.
  const card = rawRgb(96, 64, () => {
    const grain = random() * 6;
    return [160 + grain, 150 + grain, 124 + grain];
  });

  it('finds the cast on a grey card', () => {
    const plan = planWhiteBalance({ ...card, data: new Uint8Array(card.data) });
    expect(plan.applied).toBe(true);
    expect(plan.castB).toBeGreaterThan(8);
    expect(plan.gains[2]).toBeGreaterThan(1.2);
  });

  it('brings the grey card back to neutral', async () => {
    const before = measurePhoto({ ...card, data: new Uint8Array(card.data) });
    const { image, report } = await enhance(await png(card), { engine: 'classic' });
    const after = measurePhoto(await decodeRaw(image));
    expect(before.cast).toBeGreaterThan(8);
    expect(after.cast).toBeLessThan(2.5);
    expect(report.corrections.whiteBalance.applied).toBe(true);
  });

  it('keeps a blown window white while it neutralises the warm room around it', async () => {
    // A room under warm light (red high, blue low) with a window blown to white in its top right corner.
    const room = rawRgb(120, 80, (x, y) => {
      if (x > 80 && y < 30) return [255, 255, 255];
      const grain = random() * 6;
      return [170 + grain, 150 + grain, 118 + grain];
    });
    const { image, report } = await enhance(await png(room), { engine: 'classic', correctVerticals: false });
    const out = await decodeRaw(image);
    expect(report.corrections.whiteBalance.gainRed).toBeLessThan(1);
    expect(report.corrections.whiteBalance.gainBlue).toBeGreaterThan(1);
    const pixel = (x: number, y: number) =>
      Array.from(out.data.subarray((y * out.width + x) * 3, (y * out.width + x) * 3 + 3));
    const window = pixel(100, 15);
    // White, not tinted by the red cut: every channel near 255.
    expect(Math.min(...window)).toBeGreaterThan(248);
    const wall = pixel(30, 60);
    expect(Math.abs(wall[0] - wall[2])).toBeLessThan(Math.abs(170 - 118) / 3);
  });

  it('leaves a neutral card alone', () => {
    const grey = rawRgb(64, 64, () => [128, 128, 128]);
    expect(planWhiteBalance({ ...grey, data: new Uint8Array(grey.data) }).applied).toBe(false);
  });
});
