import sharp from 'sharp';
import type { DecodedPhoto } from './decode';

/**
 * One colour channel's gain map parameters (ISO 21496-1, Ultra HDR's `hdrgm`), for a map that lifts the SDR photo to
 * its HDR rendition: HDR = (SDR + offsetSdr) * 2^(gainMapMin + (gainMapMax - gainMapMin) * code^(1/gamma)) - offsetHdr,
 * in linear light, with code the map's value in 0..1.
 */
export interface GainMapChannel {
  /** log2 of the gain that code 0 stands for. */
  gainMapMin: number;
  /** log2 of the gain that code 1 stands for. */
  gainMapMax: number;
  gamma: number;
  offsetSdr: number;
  offsetHdr: number;
}

/** The gain map of an Ultra HDR / ISO 21496-1 photo, upright like the decoded photo it came with. */
export interface GainMap {
  width: number;
  height: number;
  /** 1 for a grey map (one gain for all three colours), 3 for an RGB one. */
  channels: 1 | 3;
  /** 8-bit codes, row by row, channels interleaved. */
  data: Uint8Array;
  /** Red, green and blue parameters (the same three times when the file gives one set). */
  channelParams: readonly [GainMapChannel, GainMapChannel, GainMapChannel];
  /**
   * log2 of the display headroom at which a viewer starts to apply the map and at which it applies it in full; the
   * map records the full gain, whatever the display.
   */
  hdrCapacityMin: number;
  hdrCapacityMax: number;
}

type GainMapParameters = Pick<GainMap, 'channelParams' | 'hdrCapacityMin' | 'hdrCapacityMax'>;

const ISO_NAMESPACE = 'urn:iso:std:iso:ts:21496:-1\0';
const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';
const HDRGM_URI = 'http://ns.adobe.com/hdr-gain-map/1.0/';
/** Rec. 709 / sRGB luminance weights: an RGB map's gain on a neutral pixel's luminance. */
const LUMINANCE_WEIGHTS = [0.2126, 0.7152, 0.0722] as const;

const triple = <T>(values: readonly T[]): readonly [T, T, T] =>
  values.length >= 3 ? [values[0], values[1], values[2]] : [values[0], values[0], values[0]];

/** The payloads of the JPEG's APPn segments, up to its first scan (where metadata ends). */
const appSegments = (jpeg: Buffer): { marker: number; payload: Buffer }[] => {
  const segments: { marker: number; payload: Buffer }[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === 0xda || marker === 0xd9) break;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker >= 0xe0 && marker <= 0xef) segments.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return segments;
};

/**
 * ISO 21496-1's binary metadata (APP2 of the gain map image), as libultrahdr and Skia read it: what sharp writes and
 * what newer phones carry. Undefined for the 4-byte version-only block, an unknown version, or a base image that is
 * the HDR rendition (a map that darkens; JPEG gain maps do not use it, libultrahdr refuses it too).
 */
const isoParameters = (payload: Buffer): GainMapParameters | undefined => {
  if (payload.length < 5 || payload.readUInt16BE(0) !== 0) return undefined;
  const flags = payload[4];
  if (flags & 0x04) return undefined;
  const channelCount = flags & 0x80 ? 3 : 1;
  const commonDenominator = (flags & 0x08) !== 0;
  let at = 5;
  const need = (bytes: number) => {
    if (at + bytes > payload.length) throw new RangeError('short ISO 21496-1 block');
  };
  const denominatorOf = (shared: number | undefined) => {
    if (shared !== undefined) return shared;
    need(4);
    at += 4;
    return payload.readUInt32BE(at - 4);
  };
  const read = (signed: boolean, shared: number | undefined) => {
    need(4);
    const numerator = signed ? payload.readInt32BE(at) : payload.readUInt32BE(at);
    at += 4;
    const denominator = denominatorOf(shared);
    if (denominator === 0) throw new RangeError('zero denominator in ISO 21496-1 block');
    return numerator / denominator;
  };
  try {
    const shared = commonDenominator ? denominatorOf(undefined) : undefined;
    const hdrCapacityMin = read(false, shared);
    const hdrCapacityMax = read(false, shared);
    const channels: GainMapChannel[] = [];
    for (let c = 0; c < channelCount; c++) {
      const gainMapMin = read(true, shared);
      const gainMapMax = read(true, shared);
      const gamma = read(false, shared);
      const offsetSdr = read(true, shared);
      const offsetHdr = read(true, shared);
      channels.push({ gainMapMin, gainMapMax, gamma, offsetSdr, offsetHdr });
    }
    return { channelParams: triple(channels), hdrCapacityMin, hdrCapacityMax };
  } catch {
    return undefined;
  }
};

/** An `hdrgm` property's values: an attribute or element holding one number, or an rdf:Seq of three (R, G, B). */
const xmpNumbers = (xmp: string, prefix: string, name: string): number[] | undefined => {
  const attribute = new RegExp(`${prefix}:${name}\\s*=\\s*["']([^"']*)["']`).exec(xmp);
  const element = new RegExp(`<${prefix}:${name}>([\\s\\S]*?)</${prefix}:${name}>`).exec(xmp);
  const text = attribute?.[1] ?? element?.[1];
  if (text === undefined) return undefined;
  const items = [...text.matchAll(/<rdf:li[^>]*>([^<]*)<\/rdf:li>/g)].map((m) => m[1]);
  const values = (items.length > 0 ? items : [text]).map((v) => Number(v.trim()));
  return values.length > 0 && values.every(Number.isFinite) ? values : undefined;
};

/**
 * Ultra HDR 1.0's XMP (the gain map image's APP1, `hdrgm` namespace), what Pixel phones wrote before ISO 21496-1;
 * absent values take the format's defaults (offsets 1/64, gamma 1, minima 0).
 */
const xmpParameters = (payload: Buffer): GainMapParameters | undefined => {
  const xmp = payload.toString('utf8');
  const prefix = new RegExp(`xmlns:([\\w-]+)\\s*=\\s*["']${HDRGM_URI.replace(/[./]/g, '\\$&')}["']`).exec(xmp)?.[1];
  if (!prefix) return undefined;
  const baseIsHdr = new RegExp(`${prefix}:BaseRenditionIsHDR\\s*=\\s*["']true["']`, 'i').test(xmp);
  const gainMapMax = xmpNumbers(xmp, prefix, 'GainMapMax');
  const hdrCapacityMax = xmpNumbers(xmp, prefix, 'HDRCapacityMax');
  if (baseIsHdr || !gainMapMax || !hdrCapacityMax) return undefined;
  const perChannel = (values: number[] | undefined, fallback: number) => triple(values ?? [fallback]);
  const min = perChannel(xmpNumbers(xmp, prefix, 'GainMapMin'), 0);
  const max = perChannel(gainMapMax, 0);
  const gamma = perChannel(xmpNumbers(xmp, prefix, 'Gamma'), 1);
  const offsetSdr = perChannel(xmpNumbers(xmp, prefix, 'OffsetSDR'), 1 / 64);
  const offsetHdr = perChannel(xmpNumbers(xmp, prefix, 'OffsetHDR'), 1 / 64);
  const channel = (c: number): GainMapChannel => ({
    gainMapMin: min[c],
    gainMapMax: max[c],
    gamma: gamma[c],
    offsetSdr: offsetSdr[c],
    offsetHdr: offsetHdr[c],
  });
  return {
    channelParams: [channel(0), channel(1), channel(2)],
    hdrCapacityMin: xmpNumbers(xmp, prefix, 'HDRCapacityMin')?.[0] ?? 0,
    hdrCapacityMax: hdrCapacityMax[0],
  };
};

/** The gain map image's own metadata: ISO 21496-1 when it has it (it is the standard), else Ultra HDR's XMP. */
const gainMapParameters = (jpeg: Buffer): GainMapParameters | undefined => {
  const segments = appSegments(jpeg);
  const starting = (marker: number, namespace: string) =>
    segments.find((s) => s.marker === marker && s.payload.toString('latin1', 0, namespace.length) === namespace);
  const iso = starting(0xe2, ISO_NAMESPACE);
  const xmp = starting(0xe1, XMP_NAMESPACE);
  const parameters =
    (iso && isoParameters(iso.payload.subarray(ISO_NAMESPACE.length))) ??
    (xmp && xmpParameters(xmp.payload.subarray(XMP_NAMESPACE.length)));
  const usable = parameters?.channelParams.every(
    (p) => [p.gainMapMin, p.gainMapMax, p.offsetSdr, p.offsetHdr].every(Number.isFinite) && p.gamma > 0,
  );
  return usable ? parameters : undefined;
};

/**
 * Where each EXIF orientation (2-8) finds an upright pixel (x, y) among the stored ones (the map is stored like the
 * photo's pixels, before orientation): stored index = origin + x * alongX + y * alongY, in a width x height store.
 */
const ORIENTATION_WALKS: Record<number, (w: number, h: number) => [origin: number, alongX: number, alongY: number]> = {
  2: (w) => [w - 1, -1, w],
  3: (w, h) => [h * w - 1, -1, -w],
  4: (w, h) => [(h - 1) * w, 1, -w],
  5: (w) => [0, w, 1],
  6: (w, h) => [(h - 1) * w, -w, 1],
  7: (w, h) => [h * w - 1, -w, -1],
  8: (w) => [w - 1, w, -1],
};

/** Turns the map's pixels as the photo's EXIF orientation turns the photo. */
const orient = (data: Uint8Array, width: number, height: number, channels: number, orientation: number) => {
  const walk = ORIENTATION_WALKS[orientation];
  if (!walk) return { data, width, height };
  const [origin, alongX, alongY] = walk(width, height);
  const quarter = orientation >= 5;
  const outWidth = quarter ? height : width;
  const outHeight = quarter ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const from = (origin + x * alongX + y * alongY) * channels;
      const to = (y * outWidth + x) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = data[from + c];
    }
  }
  return { data: out, width: outWidth, height: outHeight };
};

/**
 * Reads the gain map image sharp finds in an Ultra HDR JPEG (`metadata().gainMap.image`) and turns it upright for a
 * photo with this EXIF orientation. Undefined when its metadata is missing, unreadable or of a kind not handled
 * here: the photo itself is fine without it, so a damaged map never fails a decode.
 */
export const readGainMap = async (jpeg: Buffer, orientation: number): Promise<GainMap | undefined> => {
  const parameters = gainMapParameters(jpeg);
  if (!parameters) return undefined;
  // Codes, not colours: no ICC conversion, and a grey map stays one channel (libvips would widen it to sRGB).
  const input = () => sharp(jpeg, { failOn: 'truncated', ignoreIcc: true });
  const decoded = await input()
    .metadata()
    .then(({ channels }) =>
      input()
        .toColourspace(channels === 1 ? 'b-w' : 'srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    )
    .catch(() => undefined);
  if (!decoded) return undefined;
  const { data, info } = decoded;
  const channels = info.channels;
  if (channels !== 1 && channels !== 3) return undefined;
  const codes = new Uint8Array(data.buffer, data.byteOffset, data.length);
  return { ...orient(codes, info.width, info.height, channels, orientation), channels, ...parameters };
};

/**
 * The linear gain on luminance at each of the map's own pixels, with the full recorded gain, at least 1 (an HDR
 * rendition darker than SDR, which some encoders record in shadows, adds no light). For an RGB map it is the
 * luminance-weighted mean of the three colours' gains (exact for a neutral pixel, which skies and windows nearly
 * are). The offsets are left out: they only keep the format's logarithm finite near black, and where the SDR pixel
 * is bright (skies, windows) they move HDR/SDR by a few percent at most.
 */
const luminanceGain = (map: GainMap): Float32Array => {
  // Each channel's gain per code, already weighted by the channel's share of luminance.
  const weighted = map.channelParams.map((p, c) =>
    Float64Array.from(
      { length: 256 },
      (_, code) =>
        LUMINANCE_WEIGHTS[c] *
        Math.pow(2, p.gainMapMin + (p.gainMapMax - p.gainMapMin) * Math.pow(code / 255, 1 / p.gamma)),
    ),
  );
  const pixels = map.width * map.height;
  const out = new Float32Array(pixels);
  const codes = map.data;
  if (map.channels === 1) {
    const grey = weighted[0].map((gain, code) => Math.max(1, gain + weighted[1][code] + weighted[2][code]));
    for (let i = 0; i < pixels; i++) out[i] = grey[codes[i]];
  } else {
    for (let i = 0, at = 0; i < pixels; i++, at += 3)
      out[i] = Math.max(1, weighted[0][codes[at]] + weighted[1][codes[at + 1]] + weighted[2][codes[at + 2]]);
  }
  return out;
};

/**
 * Source taps for resampling one axis from `from` to `to` samples: a triangle filter reaching one output pixel
 * either side, so enlarging interpolates bilinearly and reducing averages every source pixel it covers (no aliasing from a
 * 1020-pixel map sampled at 256). Indices past the edges repeat the edge.
 */
const axisTaps = (from: number, to: number) => {
  const scale = from / to;
  const radius = Math.max(1, scale);
  const span = 2 * Math.ceil(radius) + 1;
  const indices = new Int32Array(to * span);
  const weights = new Float32Array(to * span);
  for (let i = 0; i < to; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const start = Math.floor(centre - radius) + 1;
    let total = 0;
    for (let k = 0; k < span; k++) {
      const w = Math.max(0, 1 - Math.abs(start + k - centre) / radius);
      indices[i * span + k] = Math.min(from - 1, Math.max(0, start + k));
      weights[i * span + k] = w;
      total += w;
    }
    for (let k = 0; k < span; k++) weights[i * span + k] /= total;
  }
  return { indices, weights, span };
};

/** Resamples a one-channel float plane to outWidth x outHeight, rows first. */
const resample = (plane: Float32Array, width: number, height: number, outWidth: number, outHeight: number) => {
  const h = axisTaps(width, outWidth);
  const rows = new Float32Array(outWidth * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0, tap = 0; x < outWidth; x++) {
      let sum = 0;
      for (let k = 0; k < h.span; k++, tap++) sum += h.weights[tap] * plane[row + h.indices[tap]];
      rows[y * outWidth + x] = sum;
    }
  }
  const v = axisTaps(height, outHeight);
  const out = new Float32Array(outWidth * outHeight);
  for (let y = 0, tap = 0; y < outHeight; y++) {
    const target = y * outWidth;
    for (let k = 0; k < v.span; k++, tap++) {
      const w = v.weights[tap];
      if (w === 0) continue;
      const source = v.indices[tap] * outWidth;
      for (let x = 0; x < outWidth; x++) out[target + x] += w * rows[source + x];
    }
  }
  return out;
};

/**
 * How much brighter the photo's HDR rendition is than its SDR pixels, per pixel of an upright `width` x `height`
 * image (the caller's analysis size, the decoded photo's aspect): a linear multiplier on luminance with the full gain
 * the phone recorded (no display's limit), 1 where the map records nothing extra, above 1 in windows and skies. The
 * map is resampled in linear gain: a reduced pixel that straddles sky and trees gets their mean, nearer the mix's
 * true HDR/SDR ratio (which the bright sky dominates) than a mean of log2 gains. Null when the photo has no gain map.
 */
export const sceneHeadroom = (decoded: DecodedPhoto, width: number, height: number): Float32Array | null => {
  const map = decoded.gainMap;
  return map ? resample(luminanceGain(map), map.width, map.height, width, height) : null;
};

/** The largest gain on luminance the map records at any of its pixels (linear, at least 1), or null without a map. */
export const recordedHeadroom = (decoded: DecodedPhoto): number | null => {
  if (!decoded.gainMap) return null;
  let peak = 1;
  for (const gain of luminanceGain(decoded.gainMap)) peak = Math.max(peak, gain);
  return peak;
};
