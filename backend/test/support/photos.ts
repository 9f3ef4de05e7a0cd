import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Real room photos committed with the tests (downscaled CC BY 4.0 copies, credits in fixtures/photos/NOTICE.md), so a
 * clone anywhere runs the suites with nothing beside it.
 */
export const FIXTURE_PHOTOS_DIR = path.resolve(__dirname, '..', 'fixtures', 'photos');

export function realPhotos(count: number): { name: string; data: Buffer }[] {
  const names = fs
    .readdirSync(FIXTURE_PHOTOS_DIR)
    .filter((f) => /\.(png|jpe?g|webp)$/i.test(f))
    .sort();
  if (count > names.length) throw new Error(`only ${names.length} fixture photos in ${FIXTURE_PHOTOS_DIR}`);
  return names.slice(0, count).map((name) => ({ name, data: fs.readFileSync(path.join(FIXTURE_PHOTOS_DIR, name)) }));
}

export async function smallJpeg(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 100 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A real room photo enlarged to 12 MP: enhancing it takes about a second, long enough to signal a worker mid-job. */
export async function twelveMegapixelRoom(index = 0): Promise<Buffer> {
  const [room] = realPhotos(index + 1).slice(index);
  return sharp(room.data).resize(4000, 3000).jpeg({ quality: 85 }).toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny file that claims to be a 20000 x 20000 PNG: a decompression bomb must be refused from its header. */
export function pngBombHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Entry names of a zip, from its central directory. */
export function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = zip.readUInt16LE(i + 28);
    names.push(zip.toString('utf8', i + 46, i + 46 + nameLength));
  }
  return names;
}

/**
 * The entries of a stored (uncompressed) zip with their bytes, from the central directory: each record gives the
 * entry's size and where its local header starts (the archive streams, so local headers carry no sizes).
 */
export function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    const size = zip.readUInt32LE(i + 20);
    const nameLength = zip.readUInt16LE(i + 28);
    const offset = zip.readUInt32LE(i + 42);
    const name = zip.toString('utf8', i + 46, i + 46 + nameLength);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    entries.push({ name, data: zip.subarray(dataStart, dataStart + size) });
  }
  return entries;
}
