import { labToLinearRgb, linearRgbToLab, SHOULDER, shoulder } from './color';

describe('highlight shoulder', () => {
  it('is exact below the shoulder and below the starting level', () => {
    expect(shoulder(0.5, 0.4)).toBe(0.5);
    expect(shoulder(SHOULDER, 0.2)).toBe(SHOULDER);
    expect(shoulder(0.93, 0.95)).toBe(0.93);
  });

  it('approaches white but reaches it only from white', () => {
    for (const from of [0.5, 0.9, 0.95, 0.99]) {
      for (const raw of [0.95, 1, 1.2, 3]) {
        const out = shoulder(raw, from);
        expect(out).toBeLessThan(1);
        expect(out).toBeLessThanOrEqual(raw);
        expect(out).toBeGreaterThanOrEqual(Math.min(raw, Math.max(from, SHOULDER)));
      }
    }
    expect(shoulder(1.2, 1)).toBe(1);
  });

  it('is monotone', () => {
    let last = 0;
    for (let raw = 0.8; raw < 1.5; raw += 0.001) {
      const out = shoulder(raw, 0.92);
      expect(out).toBeGreaterThanOrEqual(last);
      last = out;
    }
  });
});

describe('Lab', () => {
  it('turns back into the linear colour it came from', () => {
    for (const rgb of [
      [0.18, 0.18, 0.18],
      [0.5, 0.3, 0.1],
      [0.02, 0.05, 0.4],
      [0.9, 0.85, 0.7],
    ]) {
      const lab = linearRgbToLab(rgb[0], rgb[1], rgb[2]);
      const back = labToLinearRgb(lab.l, lab.a, lab.b);
      back.forEach((v, i) => expect(v).toBeCloseTo(rgb[i], 4));
    }
  });
});
