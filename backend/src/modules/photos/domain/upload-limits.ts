/** Per spec: 10MB per file. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The largest package; no single request may carry more files than this. */
export const MAX_FILES_PER_REQUEST = 40;
/** The host's name is display-only; keep it short and printable. */
export const MAX_NAME_LENGTH = 200;

export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'photo').slice(0, MAX_NAME_LENGTH);
}
