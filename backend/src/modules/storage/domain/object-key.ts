/** The only characters a key may contain: enough for server-made keys, and none a path or URL treats specially. */
const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
// Generous for `originals/{userId}/{orderId}/{photoId}.{ext}`, and under S3's own 1024-byte limit.
const MAX_KEY_LENGTH = 512;

/** A key that could escape the storage root or that a store would read differently; always a server bug. */
export class InvalidObjectKeyError extends Error {
  readonly code = 'INVALID_OBJECT_KEY';
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export class ObjectNotFoundError extends Error {
  readonly code = 'OBJECT_NOT_FOUND';
  constructor(readonly key: string) {
    super(`Object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** The store does not offer what was asked (s3rver cannot list unfinished multipart uploads); not a failure. */
export class UnsupportedByStoreError extends Error {
  readonly code = 'UNSUPPORTED_BY_STORE';
  constructor(readonly operation: string) {
    super(`The object store does not support ${operation}`);
    this.name = 'UnsupportedByStoreError';
  }
}

/**
 * Accepts only relative, slash-separated keys of plain segments. Checked by every adapter before any I/O so that
 * no input, however it reached us, can name a file outside the root or an S3 key another path resolves to.
 */
export function assertValidObjectKey(key: string): void {
  const reason = invalidKeyReason(key);
  if (reason) throw new InvalidObjectKeyError(key, reason);
}

/** A list prefix is a key, a key's leading part (`originals/12/ord_`), a folder (`originals/12/`) or empty (all). */
export function assertValidObjectPrefix(prefix: string): void {
  if (prefix === '') return;
  const reason = invalidKeyReason(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (reason) throw new InvalidObjectKeyError(prefix, reason);
}

function invalidKeyReason(key: string): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'must not be empty';
  if (key.length > MAX_KEY_LENGTH) return `must be at most ${MAX_KEY_LENGTH} characters`;
  if (!KEY_CHARS.test(key)) return 'may only contain A-Z, a-z, 0-9, ".", "_", "-" and "/"';
  if (key.startsWith('/')) return 'must be relative';
  for (const segment of key.split('/')) {
    if (segment === '') return 'must not contain empty segments';
    if (segment === '.' || segment === '..') return 'must not contain "." or ".." segments';
  }
  return undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The type an object gets when the writer names none; both adapters use it so `stat` agrees across them. */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
