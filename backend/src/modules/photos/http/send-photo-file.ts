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
  if (disposition === 'attachment') res.attachment(file.downloadName);
  else res.setHeader('Content-Disposition', 'inline');
  await pipeline(file.stream, res);
}
