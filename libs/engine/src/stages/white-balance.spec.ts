import { noise, rawRgb } from '../../test/fixtures/enhancement-images';
import { planWhiteBalance } from './white-balance';

// The white balance of the learned style's finishing; the listing look's own is in listing-look.spec.ts.
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

  it('leaves a neutral card alone', () => {
    const grey = rawRgb(64, 64, () => [128, 128, 128]);
    expect(planWhiteBalance({ ...grey, data: new Uint8Array(grey.data) }).applied).toBe(false);
  });
});
