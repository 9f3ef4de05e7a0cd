import sharp from 'sharp';
import { decodeRaw } from '../../../../../test/fixtures/enhancement-images';
import { enhance } from '../enhance';
import { estimateVerticals } from './verticals';

/** A wall of door frames and windows photographed with the camera tilted up: verticals lean towards the top. */
const keystonedGrid = async (k: number) => {
  const width = 800;
  const height = 600;
  const lines: string[] = [];
  for (let x0 = 80; x0 <= 720; x0 += 80) {
    const slope = k * (x0 - width / 2);
    lines.push(
      `<line x1="${x0 - slope * (height / 2)}" y1="0" x2="${x0 + slope * (height / 2)}" y2="${height}" stroke="#303030" stroke-width="5"/>`,
    );
  }
  for (let y = 100; y < height; y += 150)
    lines.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#606060" stroke-width="3"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e8e4dc"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

describe('converging verticals', () => {
  it('measures the convergence of a keystoned grid', async () => {
    const estimate = estimateVerticals(await decodeRaw(await keystonedGrid(0.0002)));
    expect(estimate.correct).toBe(true);
    expect(estimate.k).toBeCloseTo(0.0002, 4);
    expect(Math.abs(estimate.rollDeg)).toBeLessThan(0.3);
  });

  it('straightens the grid and keeps the size', async () => {
    const { image, report } = await enhance(await keystonedGrid(0.0002), { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(true);
    const output = await decodeRaw(image);
    expect([output.width, output.height]).toEqual([800, 600]);
    const after = estimateVerticals(output);
    expect(Math.abs(after.pitchDeg)).toBeLessThan(0.8);
  });

  it('leaves a photo without clear verticals alone', async () => {
    const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="90" fill="#a05030"/></svg>`;
    const { report } = await enhance(await sharp(Buffer.from(gradient)).png().toBuffer(), { engine: 'classic' });
    expect(report.corrections.verticals.applied).toBe(false);
  });
});
