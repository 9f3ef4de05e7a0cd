/**
 * The photo formats an upload takes, keyed by the format the server detects from a file's first bytes, with the name
 * hosts know it by. The server refuses anything else; every sentence that lists the accepted formats is built from
 * this one list, so adding a format here (with its detection and decoding) updates what hosts are told.
 * Plain data only: the client bundles this file.
 */
export const PHOTO_FORMAT_NAMES = { jpeg: 'JPG', png: 'PNG', webp: 'WEBP', heic: 'HEIC' } as const;
export type PhotoFormat = keyof typeof PHOTO_FORMAT_NAMES;

/** The accepted formats as a phrase: `JPG, PNG, WEBP or HEIC` ('or') / `JPG, PNG, WEBP and HEIC` ('and'). */
export function acceptedFormatList(conjunction: 'or' | 'and'): string {
  const names: string[] = Object.values(PHOTO_FORMAT_NAMES);
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`;
}

/** Why an upload refused a file that is none of the accepted formats (checked by its bytes, not its name). */
export const unsupportedFormatMessage = (fileName: string) => `${fileName} is not a ${acceptedFormatList('or')} image.`;
