import sharp from 'sharp';
import { type ExportPreset, exportGeometry, VRBO_MAX_BYTES } from '../domain/export-presets';

const QUALITIES = [90, 82, 74];

/**
 * One delivered JPEG rendered for a platform preset: cropped around its centre and resized (lanczos3) as the preset
 * says, written as sRGB JPEG without metadata; re-encoded at a lower quality while above the preset's size limit.
 */
export async function renderExport(preset: Exclude<ExportPreset, 'original'>, jpeg: Buffer): Promise<Buffer> {
  const meta = await sharp(jpeg).metadata();
  const geometry = exportGeometry(preset, meta.width ?? 0, meta.height ?? 0);
  if (!geometry) return jpeg;
  const limit = preset === 'vrbo' ? VRBO_MAX_BYTES : Infinity;
  let out = jpeg;
  for (const quality of QUALITIES) {
    out = await sharp(jpeg)
      .resize(geometry.width, geometry.height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
      .withIccProfile('srgb')
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (out.length <= limit) break;
  }
  return out;
}
