import {
  checkPhoto,
  checkSelection,
  countFlags,
  differenceHash,
  DUPLICATE_HAMMING_DISTANCE,
  hammingDistance,
  type GreyImage,
  measurePhoto,
  type PhotoMeasurements,
  sharpness,
  toGrey,
  uprightSize,
} from './photo-checks';

/** The pure side of the checks, as the browser runs it: over a size and a grey array, no decoder involved. */
const grey = (
  width: number,
  height: number,
  at: (x: number, y: number) => number,
): GreyImage & { data: Uint8Array } => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = at(x, y);
  return { width, height, data };
};
const edges = grey(64, 48, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? 220 : 40));
const ramp = grey(64, 48, (x) => 40 + x * 3);
const clean: PhotoMeasurements = {
  width: 2048,
  height: 1365,
  brightness: 120,
  sharpness: 800,
  hash: '0f0f0f0f0f0f0f0f',
};

describe('photo checks', () => {
  it('pass a clean, large landscape photo', () => {
    expect(checkPhoto(clean)).toEqual([]);
    expect(checkPhoto({ ...clean, width: 1024, height: 683 })).toEqual([]);
  });

  it('hold a landscape photo to 1024 x 683 and a portrait one to 683 x 1024', () => {
    expect(checkPhoto({ ...clean, width: 1023, height: 700 })[0].message).toBe(
      'Too small for Airbnb: 1023 x 700, needs 1024 x 683',
    );
    expect(checkPhoto({ ...clean, width: 683, height: 1024 }).map((c) => c.code)).toEqual(['portrait']);
    expect(checkPhoto({ ...clean, width: 682, height: 1024 }).map((c) => c.message)).toEqual([
      'Too small for Airbnb: 682 x 1024, needs 683 x 1024',
      'Portrait: listing sites show landscape photos first',
    ]);
  });

  it('turn the size upright for EXIF orientations 5 to 8', () => {
    expect(uprightSize(4000, 3000, 6)).toEqual({ width: 3000, height: 4000 });
    expect(uprightSize(4000, 3000, 3)).toEqual({ width: 4000, height: 3000 });
  });

  it('measure brightness as mean luma and flag a dark photo', () => {
    const dark = toGrey(new Uint8Array([30, 30, 30, 255, 20, 20, 20, 255]), 2, 1, 4);
    expect(measurePhoto(2048, 1365, { ...edges, data: edges.data.map((v) => v / 8) }).brightness).toBe(16);
    expect(Array.from(dark.data)).toEqual([30, 20]);
    expect(checkPhoto({ ...clean, brightness: 40 }).map((c) => c.message)).toEqual([
      'Very dark: we will brighten it, but a brighter shot looks better',
    ]);
  });

  it('find edges sharp and a smooth ramp blurred, whatever the contrast', () => {
    expect(sharpness(edges)).toBeGreaterThan(1000);
    expect(sharpness(ramp)).toBeLessThan(1);
    // The same edges at an eighth of the contrast (a night shot) are just as sharp.
    const dim = { ...edges, data: edges.data.map((v) => Math.round(v / 8)) };
    expect(sharpness(dim)).toBeGreaterThan(1000);
    expect(checkPhoto({ ...clean, sharpness: 50 }).map((c) => c.message)).toEqual(['Looks blurred']);
  });

  it('hash a picture and its half-size copy alike, and a different picture far apart', () => {
    const scene = (scale: number) =>
      grey(64 / scale, 48 / scale, (x, y) => 128 + 100 * Math.sin((x * scale) / 9) * Math.cos((y * scale) / 7));
    const other = grey(64, 48, (x, y) => 128 + 100 * Math.cos(x / 5) * Math.sin(y / 11));
    expect(hammingDistance(differenceHash(scene(1)), differenceHash(scene(2)))).toBeLessThanOrEqual(
      DUPLICATE_HAMMING_DISTANCE,
    );
    expect(hammingDistance(differenceHash(scene(1)), differenceHash(other))).toBeGreaterThan(
      DUPLICATE_HAMMING_DISTANCE,
    );
    expect(hammingDistance('ff00', '0f01')).toBe(5);
  });

  it('flag a photo that looks like one already in the order, naming it', () => {
    const checks = checkSelection(
      [
        { name: 'new.jpg', measurements: { ...clean, hash: 'aaaaaaaaaaaaaaab' } },
        { name: 'other.jpg', measurements: { ...clean, hash: '5555555555555555' } },
      ],
      [{ name: 'first-upload.jpg', hash: 'aaaaaaaaaaaaaaaa' }],
    );
    expect(checks).toEqual([[{ code: 'duplicate', message: 'Looks like a duplicate of first-upload.jpg' }], []]);
  });

  it('flag the later photo of a look-alike pair, naming the first, and count the flags', () => {
    const checks = checkSelection([
      { name: 'IMG_0042.jpg', measurements: clean },
      { name: 'hall.jpg', measurements: { ...clean, width: 800, height: 600, hash: 'f0f0f0f0f0f0f0f0' } },
      { name: 'IMG_0042 (1).jpg', measurements: { ...clean, hash: '0f0f0f0f0f0f0f0e' } },
    ]);
    expect(checks.map((c) => c.map((check) => check.message))).toEqual([
      [],
      ['Too small for Airbnb: 800 x 600, needs 1024 x 683'],
      ['Looks like a duplicate of IMG_0042.jpg'],
    ]);
    expect(countFlags(checks)).toEqual({
      photosFlagged: 2,
      flaggedTooSmall: 1,
      flaggedPortrait: 0,
      flaggedDark: 0,
      flaggedBlurred: 0,
      flaggedDuplicate: 1,
    });
  });
});
