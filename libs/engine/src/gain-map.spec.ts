import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { keepingGainMap, ULTRA_HDR_PHOTO } from '../test/fixtures/ultra-hdr';
import { decodePhoto, type DecodedPhoto } from './decode';
import { readGainMap, recordedHeadroom, sceneHeadroom, type GainMap } from './gain-map';

/** The `q` quantile of a plane's values in a rectangle given as fractions of its width and height. */
const quantile = (
  plane: Float32Array,
  width: number,
  height: number,
  [left, top, right, bottom]: [number, number, number, number],
  q: number,
) => {
  const values: number[] = [];
  for (let y = Math.floor(top * height); y < Math.floor(bottom * height); y++)
    for (let x = Math.floor(left * width); x < Math.floor(right * width); x++) values.push(plane[y * width + x]);
  values.sort((a, b) => a - b);
  return values[Math.floor(q * (values.length - 1))];
};

const largest = (plane: Float32Array) => plane.reduce((a, b) => Math.max(a, b), -Infinity);
const smallest = (plane: Float32Array) => plane.reduce((a, b) => Math.min(a, b), Infinity);

const SKY: [number, number, number, number] = [0.2, 0, 0.9, 0.4];
const PARKED_CARS: [number, number, number, number] = [0, 0.9, 1, 1];

const photoWith = (gainMap: GainMap): DecodedPhoto => ({
  image: { width: gainMap.width, height: gainMap.height, data: new Uint8Array(gainMap.width * gainMap.height * 3) },
  format: 'jpeg',
  orientation: 1,
  hadIccProfile: false,
  inputBytes: 0,
  gainMap,
});

const hdrgmXmp = (properties: string, elements = '') =>
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  `<rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0" ${properties}>` +
  `${elements}</rdf:Description></rdf:RDF></x:xmpmeta>`;

describe('sceneHeadroom', () => {
  let decoded: DecodedPhoto;
  beforeAll(async () => {
    decoded = await decodePhoto(readFileSync(ULTRA_HDR_PHOTO));
  });

  it('is several times brighter over the sky and about 1 over the dark parking lot', () => {
    const { width, height } = decoded.image;
    const headroom = sceneHeadroom(decoded, width, height);
    if (!headroom) throw new Error('the fixture has a gain map');
    expect(headroom).toHaveLength(width * height);
    expect(quantile(headroom, width, height, SKY, 0.05)).toBeGreaterThan(2.5);
    expect(quantile(headroom, width, height, SKY, 0.5)).toBeGreaterThan(3.5);
    expect(quantile(headroom, width, height, PARKED_CARS, 0.5)).toBeLessThan(1.05);
    expect(smallest(headroom)).toBe(1);
    // The phone recorded up to 2^2.657 = 6.3x (its GainMapMax), and some of the sky reaches it.
    expect(decoded.gainMap?.channelParams[0].gainMapMax).toBeCloseTo(2.657, 2);
    expect(recordedHeadroom(decoded)).toBeCloseTo(6.31, 1);
    expect(largest(headroom)).toBeLessThanOrEqual(6.32);
  });

  it('tells the same story at a small analysis size as at full size', () => {
    const full = sceneHeadroom(decoded, 1024, 771);
    const small = sceneHeadroom(decoded, 128, 96);
    if (!full || !small) throw new Error('the fixture has a gain map');
    expect(quantile(small, 128, 96, SKY, 0.5)).toBeCloseTo(quantile(full, 1024, 771, SKY, 0.5), 0);
    expect(quantile(small, 128, 96, PARKED_CARS, 0.5)).toBeLessThan(1.05);
  });

  it('is null for a photo without a gain map, such as the same photo saved again by an editor', async () => {
    const resaved = await sharp(readFileSync(ULTRA_HDR_PHOTO)).jpeg({ quality: 90 }).toBuffer();
    const plain = await decodePhoto(resaved);
    expect(plain.gainMap).toBeUndefined();
    expect(sceneHeadroom(plain, 256, 193)).toBeNull();
    expect(recordedHeadroom(plain)).toBeNull();
  });

  it('puts the sky on the right of a photo whose EXIF says to turn it a quarter clockwise (orientation 6)', async () => {
    const turned = await keepingGainMap(readFileSync(ULTRA_HDR_PHOTO))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const upright = await decodePhoto(turned);
    const { width, height } = upright.image;
    expect([width, height]).toEqual([771, 1024]);
    const headroom = sceneHeadroom(upright, width, height);
    if (!headroom) throw new Error('the turned photo keeps its gain map');
    expect(quantile(headroom, width, height, [0.6, 0.2, 1, 0.9], 0.5)).toBeGreaterThan(3.5);
    expect(quantile(headroom, width, height, [0, 0, 0.1, 1], 0.5)).toBeLessThan(1.05);
  });
});

describe('readGainMap', () => {
  it('reads Ultra HDR 1.0 XMP as Pixel phones write it, with the format defaults for what it leaves out', async () => {
    // Left half code 255, right half code 0, on a grey 8 x 4 map.
    const codes = Buffer.alloc(32);
    for (let i = 0; i < 32; i++) codes[i] = i % 8 < 4 ? 255 : 0;
    const map = (xmp: string) =>
      sharp(codes, { raw: { width: 8, height: 4, channels: 1 } })
        .toColourspace('b-w')
        .withXmp(xmp)
        .jpeg({ quality: 100 })
        .toBuffer();
    const gainMap = await readGainMap(await map(hdrgmXmp('hdrgm:GainMapMax="2.5" hdrgm:HDRCapacityMax="2.5"')), 1);
    if (!gainMap) throw new Error('the map has hdrgm metadata');
    expect(gainMap.channels).toBe(1);
    expect(gainMap.channelParams[2]).toEqual({
      gainMapMin: 0,
      gainMapMax: 2.5,
      gamma: 1,
      offsetSdr: 1 / 64,
      offsetHdr: 1 / 64,
    });
    const headroom = sceneHeadroom(photoWith(gainMap), 16, 8);
    expect(headroom?.[0]).toBeCloseTo(2 ** 2.5, 1);
    expect(headroom?.[15]).toBeCloseTo(1, 2);

    // A map whose base rendition is the HDR one darkens instead: not the headroom this reads.
    const backwards = hdrgmXmp('hdrgm:GainMapMax="2.5" hdrgm:HDRCapacityMax="2.5" hdrgm:BaseRenditionIsHDR="True"');
    expect(await readGainMap(await map(backwards), 1)).toBeUndefined();
    expect(await readGainMap(await map('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>'), 1)).toBeUndefined();
  });

  it('weighs an RGB map by luminance: red 4x, green 1x and blue 2x lift a neutral pixel 1.71x', async () => {
    const white = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 100 })
      .toBuffer();
    // ISO 21496-1 as newer phones write it: three channels (flag 0x80), one common denominator (0x08).
    const iso = Buffer.alloc(5 + 12 + 3 * 20);
    iso.writeUInt8(0x80 | 0x40 | 0x08, 4);
    iso.writeUInt32BE(1000, 5);
    iso.writeUInt32BE(2000, 13); // alternate (HDR) headroom: log2 2
    [2000, 0, 1000].forEach((max, c) => {
      const at = 17 + c * 20;
      iso.writeInt32BE(max, at + 4);
      iso.writeUInt32BE(1000, at + 8); // gamma 1
      iso.writeInt32BE(15, at + 12); // offsets 0.015
      iso.writeInt32BE(15, at + 16);
    });
    const segment = Buffer.concat([Buffer.from('urn:iso:std:iso:ts:21496:-1\0', 'latin1'), iso]);
    const header = Buffer.from([0xff, 0xe2, 0, 0]);
    header.writeUInt16BE(segment.length + 2, 2);
    const tagged = Buffer.concat([white.subarray(0, 2), header, segment, white.subarray(2)]);

    const gainMap = await readGainMap(tagged, 1);
    if (!gainMap) throw new Error('the map has ISO 21496-1 metadata');
    expect(gainMap.channelParams.map((p) => p.gainMapMax)).toEqual([2, 0, 1]);
    expect(gainMap.channelParams[1]).toMatchObject({ gamma: 1, offsetSdr: 0.015, offsetHdr: 0.015 });
    expect(gainMap.hdrCapacityMax).toBe(2);
    const expected = 0.2126 * 4 + 0.7152 * 1 + 0.0722 * 2;
    expect(sceneHeadroom(photoWith(gainMap), 4, 4)?.[5]).toBeCloseTo(expected, 2);
    expect(recordedHeadroom(photoWith(gainMap))).toBeCloseTo(expected, 2);
  });
});
