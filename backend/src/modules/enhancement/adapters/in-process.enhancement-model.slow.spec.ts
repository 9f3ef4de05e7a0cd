import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describeEnhancementModelContract } from '../ports/enhancement-model.contract';
import { InProcessEnhancementModel } from './in-process.enhancement-model';

// Model runs take 10-20 s each on one core.
jest.setTimeout(180_000);

describeEnhancementModelContract(
  'InProcessEnhancementModel (learned)',
  () => new InProcessEnhancementModel({ engine: 'learned', workers: 1 }),
  'learned',
);

// FiveK's terms keep its photos out of the repository: this check runs where ../shared/data/photos sits beside it.
const photos = path.resolve(__dirname, '../../../../../../shared/data/photos/fivek-dev');
(existsSync(photos) ? describe : describe.skip)('learned stage on a FiveK photo', () => {
  const model = new InProcessEnhancementModel({ engine: 'learned', workers: 1 });
  afterAll(() => model.close());

  const psnr = async (a: Buffer, b: Buffer) => {
    const x = await sharp(a).removeAlpha().raw().toBuffer();
    const y = await sharp(b).removeAlpha().raw().toBuffer();
    let sum = 0;
    for (let i = 0; i < x.length; i++) sum += (x[i] - y[i]) ** 2;
    return 10 * Math.log10((255 * 255) / (sum / x.length));
  };

  it('moves the photo towards the expert retouch through the fitted LUT', async () => {
    const name = 'a4514-kme_0258.tif';
    const input = await readFile(path.join(photos, 'input', name));
    const expert = await readFile(path.join(photos, 'expert', name));
    const result = await model.enhance(input);
    expect(result.report.pipeline).toBe('learned');
    expect(result.report.corrections.learned).toMatchObject({ applied: true, lutSize: 33 });
    expect(await psnr(result.image, expert)).toBeGreaterThan((await psnr(input, expert)) + 2);
  });
});
