/**
 * A stored file's name is the last segment of its path (spec section 3, Photo): the server serves it back from
 * `GET /api/photos/file/{filename}`.
 */
export function pathFileName(path: string | null | undefined): string {
  if (!path) return '';
  return path.split('/').pop() ?? '';
}

/** The URL of a stored file's bytes, or null when there is no path. */
export function photoFileUrl(path: string | null | undefined): string | null {
  const name = pathFileName(path);
  return name ? `/api/photos/file/${encodeURIComponent(name)}` : null;
}

/**
 * The file name a `Content-Disposition` header carries (RFC 6266: `filename*=UTF-8''...` wins over
 * `filename="..."`), or null when there is none.
 */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}
