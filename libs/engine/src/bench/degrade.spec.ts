import { rawRgb } from '../../test/fixtures/enhancement-images';
import { deltaE2000, psnr, ssim } from './metrics';
import { DEGRADATIONS, correctionFits, degrade, measuredPitch } from './degrade';

const asImage = (raw: { width: number; height: number; data: Buffer }) => ({ ...raw, data: new Uint8Array(raw.data) });
const mean = (data: Uint8Array, channel: number) => {
  let sum = 0;
  for (let i = channel; i < data.length; i += 3) sum += data[i];
  return sum / (data.length / 3);
};

describe('degradation benchmark copies', () => {
  // Grey walls with vertical stripes (door frames), mid exposure.
  const room = asImage(
    rawRgb(240, 180, (x, y) => {
      const v = (x % 40 < 3 ? 60 : 150) + ((x + y) % 7);
      return [v, v, v];
    }),
  );

  it('are deterministic, keep the size, and change the photo', () => {
    for (const kind of DEGRADATIONS) {
      const a = degrade(room, kind, 7);
      const b = degrade(room, kind, 7);
      expect([a.width, a.height]).toEqual([room.width, room.height]);
      expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
      expect(psnr(a, room)).toBeLessThan(40);
    }
  });

  it('halve and double linear light, and tint greys the way the named light does', () => {
    const grey = asImage(rawRgb(32, 32, () => [118, 118, 118]));
    // Code 118 is 18 % linear; half of it is about code 83, twice about code 161.
    expect(mean(degrade(grey, 'minus-1ev').data, 1)).toBeCloseTo(83, -1);
    expect(mean(degrade(grey, 'plus-1ev').data, 1)).toBeCloseTo(161, -1);
    const tungsten = degrade(grey, 'tungsten').data;
    expect(mean(tungsten, 0)).toBeGreaterThan(mean(tungsten, 1));
    expect(mean(tungsten, 1)).toBeGreaterThan(mean(tungsten, 2));
    const fluorescent = degrade(grey, 'fluorescent').data;
    expect(mean(fluorescent, 1)).toBeGreaterThan(mean(fluorescent, 0));
  });

  it('adds camera pitch that the line detector reads', () => {
    const straight = measuredPitch(room);
    const pitched = measuredPitch(degrade(room, 'pitch'));
    expect(straight).not.toBeNull();
    expect(pitched).not.toBeNull();
    expect(Math.abs((pitched as number) - (straight as number))).toBeGreaterThan(2);
  });

  it('hold the residual-tilt target only to photos straightened with a correction that fits the frame', async () => {
    const pitched = degrade(room, 'pitch');
    expect(await correctionFits(pitched)).toBe(true);
    // Already straight: nothing is corrected, so there is no tilt to undo.
    expect(await correctionFits(room)).toBe(false);
    // About 12° of pitch: its correction is eased off to keep the room in the frame.
    let steep = pitched;
    for (let more = 0; more < 3; more++) steep = degrade(steep, 'pitch');
    expect(await correctionFits(steep)).toBe(false);
    // Darker than -3 EV: not straightened at all.
    let dark = pitched;
    for (let stop = 0; stop < 5; stop++) dark = degrade(dark, 'minus-1ev');
    expect(await correctionFits(dark)).toBe(false);
  });
});

describe('fidelity figures', () => {
  const a = asImage(rawRgb(40, 30, (x, y) => [x * 5, y * 7, 100]));
  it('score identical images as perfect', () => {
    expect(psnr(a, a)).toBeGreaterThan(90);
    expect(ssim(a, a)).toBeCloseTo(1, 5);
    expect(deltaE2000(a, a)).toBeCloseTo(0, 5);
  });
  it('score a uniform offset of 10 levels at about 28 dB', () => {
    const b = { ...a, data: a.data.map((v) => Math.min(255, v + 10)) };
    expect(psnr(a, b)).toBeGreaterThan(27);
    expect(psnr(a, b)).toBeLessThan(29);
    expect(deltaE2000(a, b)).toBeGreaterThan(1);
  });
});
