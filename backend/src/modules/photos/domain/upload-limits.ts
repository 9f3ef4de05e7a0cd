import { MAX_BRACKET_FRAMES } from '@listinglens/contracts';

/** Per spec: 10MB per file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The largest package; no single request may carry more photos than this. */
export const MAX_PHOTOS_PER_REQUEST = 40;
/** Each photo may be an exposure bracket of up to MAX_BRACKET_FRAMES files: 280 files (2.8 GB at most). */
export const MAX_FILES_PER_REQUEST = MAX_PHOTOS_PER_REQUEST * MAX_BRACKET_FRAMES;
/** The host's name is display-only; keep it short and printable. */
export const MAX_NAME_LENGTH = 200;

export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'photo').slice(0, MAX_NAME_LENGTH);
}
