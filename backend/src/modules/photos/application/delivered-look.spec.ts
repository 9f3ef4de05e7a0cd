import { planHarmonisation } from '@listinglens/engine';
import { deliveredLook } from './delivered-look';

const report = (beforeEv: number, afterEv: number) => ({
  before: { exposureEv: beforeEv, castA: 0, castB: 0, neutralShare: 0.5 },
  after: { exposureEv: afterEv, castA: 1, castB: 2, neutralShare: 0.6 },
});

describe('delivered look', () => {
  it('reads the delivered look and the exposure the photo arrived with', () => {
    expect(deliveredLook(report(-5.2, -1.0))).toEqual({
      exposureEv: -1.0,
      castA: 1,
      castB: 2,
      neutralShare: 0.6,
      inputExposureEv: -5.2,
    });
    expect(deliveredLook({ before: {} })).toBeUndefined();
  });

  it('lets the order plan tell a lifted night shot from a dim room by its report', () => {
    const looks = [report(-0.5, -0.1), report(-0.4, -0.2), report(-5.2, -1.1)].map((r) => deliveredLook(r)!);
    const plan = planHarmonisation(looks);
    // The two rooms taken in light set the look (-0.15 EV); the night shot is brought up to it.
    expect(plan.target?.exposureEv).toBeCloseTo(-0.15, 5);
    expect(plan.photos.slice(0, 2).map((p) => p.correction)).toEqual([null, null]);
    expect(plan.photos[2].correction?.ev).toBeCloseTo(0.8, 5);
  });
});
