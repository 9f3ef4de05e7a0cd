import { longSide, resizeExact } from '../rgb-image';
import { stage } from '../stage';

/** Optional enlargement to `minLongSide` (lanczos3), before sharpening. */
export const upscaleStage = stage<number>({
  name: 'upscale',
  plan: ({ options, image }) => {
    const minLongSide = options.minLongSide ?? 0;
    return minLongSide > longSide(image) ? minLongSide / longSide(image) : 1;
  },
  apply: async (ctx, scale) => {
    if (scale === 1) return;
    const { image } = ctx;
    ctx.image = await resizeExact(image, Math.round(image.width * scale), Math.round(image.height * scale));
  },
  report: (scale) => ({ upscale: { applied: scale !== 1, scale } }),
});
