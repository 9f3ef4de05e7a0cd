import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  BLUR_LAPLACIAN_VARIANCE,
  DARK_MEAN_LUMA,
  DUPLICATE_HAMMING_DISTANCE,
  hammingDistance,
  type PhotoMeasurements,
  measurePhotoFile,
} from '../modules/photos';

/**
 * `npm run calibrate:checks -- <folder>...`: measures every photo in the folders (taken as sharp), blurred copies of
 * them and resized, re-encoded copies, and prints how the thresholds in photo-checks.ts separate them
 * (docs/photo-checks.md). Blur is applied at listing scale: the photo is first brought to a 1024 px long side.
 */
const BLUR_SIGMAS = [1.5, 2, 3, 5];
const IMAGE = /\.(jpe?g|png|webp|tiff?)$/i;

interface Row {
  file: string;
  sharp: PhotoMeasurements;
  blurred: number[];
  copyDistance: number;
}

async function measureOne(file: string): Promise<Row> {
  const original = await fs.promises.readFile(file);
  const measured = await measurePhotoFile(original);
  const listingScale = await sharp(original)
    .rotate()
    .resize(1024, 1024, { fit: 'inside' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const blurred: number[] = [];
  for (const sigma of BLUR_SIGMAS) {
    const copy = await sharp(listingScale).blur(sigma).jpeg({ quality: 92 }).toBuffer();
    blurred.push((await measurePhotoFile(copy)).sharpness);
  }
  // A host's second export of the same shot: half the size, stronger compression.
  const copy = await sharp(original)
    .rotate()
    .resize({ width: Math.round(measured.width / 2) })
    .jpeg({ quality: 60 })
    .toBuffer();
  return {
    file,
    sharp: measured,
    blurred,
    copyDistance: hammingDistance(measured.hash, (await measurePhotoFile(copy)).hash),
  };
}

function quantiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(0);
  return `min ${at(0)}, p10 ${at(0.1)}, median ${at(0.5)}, max ${at(1)}`;
}

async function main(folders: string[]): Promise<void> {
  const files = folders.flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => IMAGE.test(name))
      .map((name) => path.join(folder, name)),
  );
  const rows: Row[] = [];
  for (const file of files) {
    try {
      rows.push(await measureOne(file));
    } catch (err) {
      process.stderr.write(`skipped ${file}: ${String(err)}\n`);
    }
  }
  const out = (line: string) => process.stdout.write(`${line}\n`);
  for (const r of rows) {
    out(
      `${path.basename(path.dirname(r.file))}/${path.basename(r.file)}\t${r.sharp.width}x${r.sharp.height}\tluma ${r.sharp.brightness.toFixed(0)}\tsharp ${r.sharp.sharpness.toFixed(0)}\tblurred ${r.blurred.map((v) => v.toFixed(0)).join('/')}\tcopy ${r.copyDistance}`,
    );
  }
  out(
    `\n${rows.length} photos. Thresholds: blur < ${BLUR_LAPLACIAN_VARIANCE}, dark < ${DARK_MEAN_LUMA}, duplicate <= ${DUPLICATE_HAMMING_DISTANCE} bits`,
  );
  out(`sharpness of the photos: ${quantiles(rows.map((r) => r.sharp.sharpness))}`);
  out(`sharp photos flagged as blurred: ${rows.filter((r) => r.sharp.sharpness < BLUR_LAPLACIAN_VARIANCE).length}`);
  BLUR_SIGMAS.forEach((sigma, i) => {
    const values = rows.map((r) => r.blurred[i]);
    const caught = values.filter((v) => v < BLUR_LAPLACIAN_VARIANCE).length;
    out(`blur sigma ${sigma}: ${quantiles(values)}; caught ${caught}/${rows.length}`);
  });
  out(`photos flagged as very dark: ${rows.filter((r) => r.sharp.brightness < DARK_MEAN_LUMA).length}`);
  const copies = rows.map((r) => r.copyDistance);
  out(
    `resized re-encoded copies: distance ${quantiles(copies)}; caught ${copies.filter((d) => d <= DUPLICATE_HAMMING_DISTANCE).length}/${rows.length}`,
  );
  const pairs: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const distance = hammingDistance(rows[i].sharp.hash, rows[j].sharp.hash);
      pairs.push(distance);
      if (distance <= DUPLICATE_HAMMING_DISTANCE) out(`matched: ${rows[i].file} ${rows[j].file} (${distance} bits)`);
    }
  }
  out(
    `different photos: ${pairs.length} pairs, distance ${quantiles(pairs)}; matched ${pairs.filter((d) => d <= DUPLICATE_HAMMING_DISTANCE).length}`,
  );
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
