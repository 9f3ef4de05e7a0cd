import sharp from 'sharp';
import { decodeRaw } from '../../test/fixtures/enhancement-images';
import { degrade } from '../bench/degrade';
import { enhance } from '../enhance';
import type { RgbImage } from '../rgb-image';
import { MAX_CROPPED_AREA, MAX_PITCH_DEG, croppedArea, estimateVerticals } from './verticals';

const WIDTH = 800;
const HEIGHT = 600;
/** The engine's focal length for this size (0.75 of the long side), to turn k into degrees. */
const FOCAL = 0.75 * WIDTH;
const kFor = (pitchDeg: number) => Math.tan((pitchDeg * Math.PI) / 180) / FOCAL;
const degrees = (t: number) => (Math.atan(t) * 180) / Math.PI;

/**
 * A room wall of door frames, a window and a cupboard photographed with the camera tilted by `pitchDeg` (negative:
 * down, the usual case indoors): every vertical crosses the centre row at its own place and leans by k times its
 * offset from the centre, so the scene's true pitch is known exactly. `height` makes a wider frame of the same wall.
 */
const keystonedRoom = async (pitchDeg: number, roll = 0, height = HEIGHT) => {
  const k = kFor(pitchDeg);
  const lean = (x0: number) => roll + k * (x0 - WIDTH / 2);
  const vertical = (x0: number, colour: string, stroke: number, top = 0, bottom = height) => {
    const s = lean(x0);
    return `<line x1="${x0 + s * (top - height / 2)}" y1="${top}" x2="${x0 + s * (bottom - height / 2)}" y2="${bottom}" stroke="${colour}" stroke-width="${stroke}"/>`;
  };
  const lines: string[] = [];
  for (const x0 of [70, 130, 250, 330, 470, 560, 690, 740]) lines.push(vertical(x0, '#3a3028', 6));
  for (const x0 of [400, 430]) lines.push(vertical(x0, '#8a7a6a', 3, 120, 420));
  for (const y of [90, 300, 520])
    lines.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y + 25}" stroke="#6a625a" stroke-width="3"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}"><rect width="100%" height="100%" fill="#d8d0c4"/><rect x="0" y="${height * 0.8}" width="${WIDTH}" height="${height * 0.2}" fill="#9a8a78"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/** Centre of the dark stroke in columns [from, to) of row y: the centroid of the pixels darker than mid-range. */
const strokeAt = ({ width, data }: RgbImage, y: number, from: number, to: number) => {
  const luma: number[] = [];
  for (let x = from; x < to; x++) {
    const i = (y * width + x) * 3;
    luma.push(data[i] + data[i + 1] + data[i + 2]);
  }
  const mid = (Math.min(...luma) + Math.max(...luma)) / 2;
  let moment = 0;
  let weight = 0;
  luma.forEach((l, i) => {
    if (l >= mid) return;
    moment += (mid - l) * (from + i);
    weight += mid - l;
  });
  return moment / weight;
};

/** Pitch the engine undoes on a photo, in degrees. */
const undonePitch = (image: RgbImage) => degrees(estimateVerticals(image).correction.k * FOCAL);

describe('converging verticals', () => {
  it.each([-12, -6, 5])('measures a room pitched by %i degrees', async (pitch) => {
    const estimate = estimateVerticals(await decodeRaw(await keystonedRoom(pitch)));
    expect(estimate.correct).toBe(true);
    expect(Math.abs(estimate.pitchDeg - pitch)).toBeLessThan(0.3);
    expect(Math.abs(estimate.rollDeg)).toBeLessThan(0.2);
  });

  it('measures a roll beside the pitch', async () => {
    const estimate = estimateVerticals(await decodeRaw(await keystonedRoom(-8, Math.tan((2 * Math.PI) / 180))));
    expect(Math.abs(estimate.pitchDeg + 8)).toBeLessThan(0.3);
    expect(Math.abs(estimate.rollDeg - 2)).toBeLessThan(0.2);
  });

  it('undoes the pitch in full when the roll reads just past the roll it may undo, and holds back only the roll', async () => {
    // A roll read either side of 3° (copies of one bedroom read -2.9° to -3.2°) must not decide whether its pitch is
    // undone: the shear that undoes a roll slants the horizontals, undoing the pitch does not.
    const estimate = estimateVerticals(await decodeRaw(await keystonedRoom(-4, Math.tan((3.15 * Math.PI) / 180))));
    expect(estimate.rollDeg).toBeGreaterThan(3);
    expect(estimate.correct).toBe(true);
    expect(Math.abs(estimate.correctedPitchDeg - estimate.pitchDeg)).toBeLessThan(0.3);
    expect(degrees(estimate.correction.roll)).toBeLessThan(estimate.rollDeg - 0.5);
  });

  it('straightens the room and keeps the size', async () => {
    const { image, report } = await enhance(await keystonedRoom(-7), { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(true);
    const output = await decodeRaw(image);
    expect([output.width, output.height]).toEqual([WIDTH, HEIGHT]);
    expect(Math.abs(estimateVerticals(output).pitchDeg)).toBeLessThan(0.5);
  });

  it('gives the before preview the geometry of the straightened photo, so the halves of the slider line up', async () => {
    // 2000 px wide, so both previews (1600 px) are reduced from a larger photo, as from a phone's.
    const input = await sharp(await keystonedRoom(-7))
      .resize({ width: 2.5 * WIDTH })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const { preview, beforePreview, report } = await enhance(input, { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(true);
    const [before, after] = await Promise.all([decodeRaw(beforePreview), decodeRaw(preview)]);
    expect([before.width, before.height]).toEqual([after.width, after.height]);
    // The door frames drawn at x = 250 and 690 of 800, which the straightening moved outwards, in rows from the top
    // of the preview to the floor: at the same place in both halves, and upright in both.
    const frames = [
      [430, 530],
      [1360, 1480],
    ];
    for (const [from, to] of frames) {
      const top = strokeAt(after, 200, from, to);
      for (const y of [200, 700, 1000]) {
        expect(Math.abs(strokeAt(before, y, from, to) - strokeAt(after, y, from, to))).toBeLessThan(1);
        expect(Math.abs(strokeAt(before, y, from, to) - top)).toBeLessThan(1);
      }
    }
  });

  it('undoes in full a pitch whose correction fits the frame', async () => {
    const pitched = await decodeRaw(await keystonedRoom(-7));
    const estimate = estimateVerticals(pitched);
    expect(estimate.reason).toBe('corrected');
    expect(estimate.eased).toBe(false);
    expect(Math.abs(estimate.correctedPitchDeg + 7)).toBeLessThan(0.3);
    expect(croppedArea(pitched.width, pitched.height, estimate.correction)).toBeLessThan(MAX_CROPPED_AREA);
  });

  it('eases off a correction that would crop away more than about an eighth of the frame', async () => {
    // Bedrooms shot 12-16° down lost the foot of the bed and most of the window when undone in full.
    const pitched = await decodeRaw(await keystonedRoom(-12));
    const estimate = estimateVerticals(pitched);
    expect(Math.abs(estimate.pitchDeg + 12)).toBeLessThan(0.5);
    expect(estimate.eased).toBe(true);
    expect(estimate.reason).toBe('corrected in part: to keep most of the frame');
    // What fits is still undone (about 8° of a 4:3 frame), and the crop stays at the limit.
    expect(estimate.correctedPitchDeg).toBeLessThan(-7);
    expect(estimate.correctedPitchDeg).toBeGreaterThan(-9);
    expect(croppedArea(pitched.width, pitched.height, estimate.correction)).toBeCloseTo(MAX_CROPPED_AREA, 2);
    // A steeper shot of the same room is framed alike, not cropped further.
    const steeper = estimateVerticals(await decodeRaw(await keystonedRoom(-18)));
    expect(Math.abs(steeper.correctedPitchDeg - estimate.correctedPitchDeg)).toBeLessThan(0.3);
  });

  it('reports an eased correction to the host', async () => {
    const { report } = await enhance(await keystonedRoom(-12), { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(true);
    expect(report.corrections.verticals.reason).toBe('corrected in part: to keep most of the frame');
    expect(report.corrections.verticals.pitchDeg).toBeLessThan(-11);
    expect(report.corrections.verticals.correctedPitchDeg).toBeGreaterThan(-9);
  });

  it('undoes a pitch past the bound only up to the bound', async () => {
    // A panorama-wide frame: undoing 20° crops less of it than the limit, so the bound is what stops the correction.
    const estimate = estimateVerticals(await decodeRaw(await keystonedRoom(-23, 0, 200)));
    expect(Math.abs(estimate.pitchDeg + 23)).toBeLessThan(0.5);
    expect(estimate.reason).toBe('corrected up to the bound');
    expect(degrees(estimate.correction.k * FOCAL)).toBeCloseTo(-MAX_PITCH_DEG, 1);
    // What the host is told was straightened.
    expect(estimate.correctedPitchDeg).toBeCloseTo(-MAX_PITCH_DEG, 1);
  });

  it.each(['minus-1ev', 'plus-1ev', 'tungsten', 'noise'] as const)(
    'straightens a %s copy of a photo as it straightens the photo',
    async (kind) => {
      // A pitch whose correction fits: an eased one is set by the crop limit, not by the reading.
      const original = await decodeRaw(await keystonedRoom(-7));
      const copy = degrade(original, kind, 7);
      expect(estimateVerticals(original).eased).toBe(false);
      expect(undonePitch(original)).toBeLessThan(-6.5);
      expect(Math.abs(undonePitch(copy) - undonePitch(original))).toBeLessThan(0.15);
    },
  );

  it('does not straighten a night shot, whose edges are half noise, though it would read its lines', async () => {
    let dark: RgbImage = await decodeRaw(await keystonedRoom(-10));
    for (let stop = 0; stop < 6; stop++) dark = degrade(dark, 'minus-1ev');
    expect(estimateVerticals(dark).correct).toBe(true);
    const png = await sharp(dark.data, { raw: { width: dark.width, height: dark.height, channels: 3 } })
      .png()
      .toBuffer();
    const { report } = await enhance(png, { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(false);
    expect(report.corrections.verticals.reason).toBe('too dark to measure reliably');
  });

  it('does not straighten when the host turned straightening off, and says so', async () => {
    const { report } = await enhance(await keystonedRoom(-10), { engine: 'classic', correctVerticals: false });
    expect(report.corrections.verticals.applied).toBe(false);
    expect(report.corrections.verticals.reason).toBe('disabled');
    expect(report.corrections.verticals.pitchDeg).toBeLessThan(-9);
  });

  it('leaves a photo without verticals alone', async () => {
    const blobs = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="100%" height="100%" fill="#8aa8c8"/><circle cx="200" cy="150" r="90" fill="#a05030"/><ellipse cx="90" cy="250" rx="80" ry="30" fill="#406030"/></svg>`;
    const input = await sharp(Buffer.from(blobs)).png().toBuffer();
    const { image, report } = await enhance(input, { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(false);
    const plain = await enhance(input, { engine: 'classic', correctVerticals: false });
    expect(Buffer.compare(image, plain.image)).toBe(0);
  });

  it('leaves a straight room alone', async () => {
    const estimate = estimateVerticals(await decodeRaw(await keystonedRoom(0)));
    expect(estimate.correct).toBe(false);
    expect(estimate.correction).toEqual({ k: 0, roll: 0 });
  });
});
