import exifr from 'exifr';
import { type BracketFrame } from '@listinglens/contracts';

/** What a frame's EXIF says about when, with what and how it was exposed (bracket grouping). */
export type Exposure = Pick<
  BracketFrame,
  'camera' | 'capturedAt' | 'exposureTime' | 'fNumber' | 'iso' | 'exposureBias'
>;

const TAGS = [
  'Make',
  'Model',
  'DateTimeOriginal',
  'SubSecTimeOriginal',
  'ExposureTime',
  'FNumber',
  'ISO',
  'ExposureBiasValue',
];

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/**
 * The EXIF fields bracket grouping reads, each only when the file has it; a file without EXIF (a screenshot, an
 * export that dropped it) gives {}. The capture time is read as the camera wrote it (local, no zone): only the time
 * between frames of one camera matters.
 */
export async function readExposure(file: Blob): Promise<Exposure> {
  const tags = (await exifr.parse(file, { pick: TAGS }).catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!tags) return {};
  const camera = [tags.Make, tags.Model].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  const taken = tags.DateTimeOriginal instanceof Date ? tags.DateTimeOriginal.getTime() : NaN;
  const subSeconds = /^\d+$/.test(String(tags.SubSecTimeOriginal ?? '')) ? Number(`0.${tags.SubSecTimeOriginal}`) : 0;
  const bias = tags.ExposureBiasValue;
  return {
    ...(camera ? { camera } : {}),
    ...(Number.isFinite(taken) ? { capturedAt: taken + Math.round(subSeconds * 1000) } : {}),
    ...(positive(tags.ExposureTime) ? { exposureTime: positive(tags.ExposureTime) } : {}),
    ...(positive(tags.FNumber) ? { fNumber: positive(tags.FNumber) } : {}),
    ...(positive(tags.ISO) ? { iso: positive(tags.ISO) } : {}),
    ...(typeof bias === 'number' && Number.isFinite(bias) ? { exposureBias: bias } : {}),
  };
}
