import { type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { type PhotoFile } from '../application/open-photo-file.use-case';

/** Streams a photo with the headers every file route shares: exact type, private and uncached, no sniffing. */
export async function sendPhotoFile(
  res: Response,
  file: PhotoFile,
  disposition: 'inline' | 'attachment',
): Promise<void> {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', disposition === 'attachment' ? attachment(file.downloadName) : 'inline');
  await pipeline(file.stream, res);
}

/**
 * `filename*` (RFC 6266, UTF-8) carries the host's own name to every current browser; the plain `filename` is an
 * ASCII fallback. Express's `res.attachment` sends Latin-1 names such as "Küche" as raw Latin-1 bytes instead,
 * which clients decode inconsistently.
 */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'enhanced-photo.jpg';
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
