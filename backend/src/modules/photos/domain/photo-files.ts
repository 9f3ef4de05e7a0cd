import { type PhotoFormat } from '@listinglens/contracts';

/**
 * Where a photo's files live and how clients name them. Keys are built only from ids the server issued and the
 * format it detected, never from the host's file name. A client names a file by the last segment of its path
 * (`42.jpg`, `42-enhanced.jpg`, `42-preview.webp`, `42-thumb.webp`, `42-before.webp`, `42-a7-enhanced.jpg` after an
 * adjustment, `42-h-enhanced.jpg` after the order's harmonisation, `42-f2.jpg` for the reference frame of a photo
 * uploaded as a bracket), which maps back to one photo and variant.
 */
export type PhotoVariant = 'original' | 'enhanced' | 'preview' | 'thumbnail' | 'before';
/** The formats an upload takes: the list hosts are told (contracts) is the list the server detects. */
export type ImageFormat = PhotoFormat;

export const FORMAT_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

export interface PhotoOwner {
  userId: number;
  orderId: string;
  photoId: number;
}

export function originalKey(p: PhotoOwner, format: ImageFormat): string {
  return `originals/${p.userId}/${p.orderId}/${p.photoId}.${FORMAT_EXTENSIONS[format]}`;
}

/** Frame `frame` (1 to 7, in upload order) of a photo uploaded as an exposure bracket. */
export function frameKey(p: PhotoOwner, frame: number, format: ImageFormat): string {
  return `originals/${p.userId}/${p.orderId}/${p.photoId}-f${frame}.${FORMAT_EXTENSIONS[format]}`;
}

/**
 * Deterministic, so running an enhancement twice overwrites rather than duplicates. An adjustment writes its own
 * set (`42-a7-enhanced.jpg` for adjustment 7), and so does the order's harmonisation (`42-h-enhanced.jpg`), so the
 * delivered files stay in place until the new ones are ready.
 */
export function derivedKeys(
  p: PhotoOwner,
  revision?: number | 'harmonised',
): Record<Exclude<PhotoVariant, 'original'>, string> {
  const stem =
    revision === undefined
      ? `${p.photoId}`
      : revision === 'harmonised'
        ? `${p.photoId}-h`
        : `${p.photoId}-a${revision}`;
  return {
    enhanced: `enhanced/${p.userId}/${p.orderId}/${stem}-enhanced.jpg`,
    preview: `previews/${p.userId}/${p.orderId}/${stem}-preview.webp`,
    thumbnail: `thumbnails/${p.userId}/${p.orderId}/${stem}-thumb.webp`,
    before: `previews/${p.userId}/${p.orderId}/${p.photoId}-before.webp`,
  };
}

const FILE_NAME =
  /^(\d{1,12})(?:-f[1-7]|(?:-a\d{1,12}|-h)?(?:-(enhanced|preview|thumb|before))?)\.(jpg|png|webp|heic)$/;
const SUFFIX_VARIANT = { enhanced: 'enhanced', preview: 'preview', thumb: 'thumbnail', before: 'before' } as const;

/** `42-thumb.webp` -> photo 42's thumbnail; undefined for anything that is not one of our names. */
export function parsePhotoFileName(name: string): { photoId: number; variant: PhotoVariant } | undefined {
  const m = FILE_NAME.exec(name);
  if (!m) return undefined;
  const variant = m[2] ? SUFFIX_VARIANT[m[2] as keyof typeof SUFFIX_VARIANT] : 'original';
  return { photoId: Number(m[1]), variant };
}

/** The detected format from a file's first bytes; the name and the browser's MIME type are not trusted. */
export function sniffImageFormat(head: Buffer): ImageFormat | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return undefined;
}
