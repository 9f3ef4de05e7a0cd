import sharp from 'sharp';
import { EnhancementError } from '@listinglens/engine';
import type { EngineChoice } from '@listinglens/engine';
import type { EnhancementModel } from './enhancement-model';

/** Behaviour every EnhancementModel adapter must show; run it from each adapter's spec. */
export const describeEnhancementModelContract = (
  name: string,
  create: () => EnhancementModel,
  engine: EngineChoice = 'listing',
) => {
  describe(`${name} honours the EnhancementModel contract`, () => {
    let model: EnhancementModel;
    beforeAll(() => {
      model = create();
    });
    afterAll(() => model.close());

    it('returns a same-size JPEG, WebP preview and thumbnail and a versioned report', async () => {
      const input = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#706050' } })
        .jpeg()
        .toBuffer();
      const result = await model.enhance(input, { engine });
      expect(await sharp(result.image).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect((await sharp(result.preview).metadata()).format).toBe('webp');
      expect((await sharp(result.thumbnail).metadata()).format).toBe('webp');
      // The slider's "before" matches the "after" preview in size, so the two line up.
      const [before, after] = await Promise.all([
        sharp(result.beforePreview).metadata(),
        sharp(result.preview).metadata(),
      ]);
      expect(before).toMatchObject({ format: 'webp', width: after.width, height: after.height });
      expect(result.report.engineVersion).toBe(model.version);
      expect(result.report.corrections).toBeDefined();
    });

    it('applies an order harmonisation to a delivered JPEG, returning the corrected files and their look', async () => {
      const delivered = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a8070' } })
        .jpeg()
        .toBuffer();
      const result = await model.harmonise(delivered, {
        correction: { ev: 0.5, gainRed: 1, gainBlue: 1 },
        // The grey measures about +0.3 EV; the order's look wants it half a stop brighter.
        expected: { exposureEv: 0.8, castA: 0, castB: 0 },
      });
      expect(await sharp(result.image).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect((await sharp(result.preview).metadata()).format).toBe('webp');
      expect((await sharp(result.thumbnail).metadata()).format).toBe('webp');
      const before = (await sharp(delivered).stats()).channels[1].mean;
      const after = (await sharp(result.image).stats()).channels[1].mean;
      expect(after).toBeGreaterThan(before + 10);
      expect(result.after.exposureEv).toBeCloseTo(0.8, 1);
      expect(result.correction.ev).toBeGreaterThan(0);
    });

    it('rejects bad input with a coded EnhancementError', async () => {
      await expect(model.enhance(Buffer.from('not an image'), { engine })).rejects.toMatchObject({
        code: 'IMAGE_UNREADABLE',
      });
      await expect(model.enhance(Buffer.alloc(0), { engine })).rejects.toBeInstanceOf(EnhancementError);
    });

    it('rejects work after close', async () => {
      const closing = create();
      await closing.close();
      await expect(closing.enhance(Buffer.alloc(10), { engine })).rejects.toBeInstanceOf(EnhancementError);
    });
  });
};
