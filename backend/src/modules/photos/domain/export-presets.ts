import { BadRequestError } from '../../../shared/errors/app-error';

/**
 * Download presets for listing platforms. "original" is the delivered file as is; the others are rendered from it
 * per photo while the zip streams:
 * - airbnb: 3:2 in the photo's own orientation (3:2 landscape, 2:3 portrait), at least 1024 x 683, long side at
 *   most 2400 (Airbnb's minimum, and a size its compression does not need to shrink further);
 * - vrbo: landscape (a portrait photo is cropped to 4:3 around its centre), at least 1920 px wide, at most 20 MB.
 */
export const EXPORT_PRESETS = ['original', 'airbnb', 'vrbo'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

export const VRBO_MAX_BYTES = 20 * 1024 * 1024;

export const parseExportPreset = (value: unknown): ExportPreset => {
  if (value === undefined || value === '') return 'original';
  if (typeof value === 'string' && (EXPORT_PRESETS as readonly string[]).includes(value)) return value as ExportPreset;
  throw new BadRequestError('BAD_EXPORT_PRESET', `preset must be one of ${EXPORT_PRESETS.join(', ')}`);
};

export interface ExportGeometry {
  /** Centre crop to this aspect (width / height), or none. */
  cropAspect: number | null;
  width: number;
  height: number;
}

/** The crop and output size of a `width` x `height` photo under a preset; null for "original" (sent as is). */
export function exportGeometry(preset: ExportPreset, width: number, height: number): ExportGeometry | null {
  if (preset === 'original') return null;
  const portrait = height > width;
  if (preset === 'airbnb') {
    const aspect = portrait ? 2 / 3 : 3 / 2;
    // The largest 3:2 (or 2:3) window inside the photo, its long side brought into [1024, 2400].
    const cropW = Math.min(width, height * aspect);
    const cropH = Math.min(height, cropW / aspect);
    const long = Math.round(Math.min(2400, Math.max(1024, Math.max(cropW, cropH))));
    const short = Math.round(long / 1.5);
    return { cropAspect: aspect, width: portrait ? short : long, height: portrait ? long : short };
  }
  // Landscape as it is, a portrait photo cropped to 4:3 across its full width; then 1920 px wide at least.
  const aspect = portrait ? 4 / 3 : width / height;
  const outW = Math.max(1920, width);
  return { cropAspect: portrait ? aspect : null, width: outW, height: Math.round(outW / aspect) };
}

/** `01-IMG_0042-enhanced.jpg`: the photo's place in the order first, so a listing keeps the host's order. */
export const sequencedName = (index: number, count: number, name: string): string =>
  `${String(index + 1).padStart(Math.max(2, String(count).length), '0')}-${name}`;
