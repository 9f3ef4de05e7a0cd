import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, linearRgbToLab } from './color';
import type { RgbImage } from './rgb-image';
import { kernelModule } from './wasm-kernels';

/**
 * The listing look's per-pixel rendering, shared by the plan (on the working copy, to measure what it will deliver)
 * and the full-size pass. Everything happens in linear light: white-balance gains, the scene's headroom where the
 * photo has a gain map, then a per-pixel exposure gain read from a coarse gain field, then saturation toward the
 * pixel's own luminance and a hue-keeping highlight roll-off, then the sRGB encoding.
 */

/**
 * A coarse field of log2 gains, fitted as a local linear function of the pixel's log2 luminance (a guided filter's
 * coefficients): sampled at full size it follows every edge of the photo itself, so a window's frame keeps its
 * sharp border while the room beside it is lifted (no halo).
 */
export interface GainField {
  width: number;
  height: number;
  a: Float32Array;
  b: Float32Array;
}

/**
 * A coarse plane of log2 headroom (gain-map.ts, sceneHeadroom): how much brighter the phone's HDR rendition is than
 * each pixel. It is sampled bilinearly in log2, as an Ultra HDR viewer upsamples the gain map's codes.
 */
export interface HeadroomPlane {
  width: number;
  height: number;
  log2: Float32Array;
}

export interface RenderPlan {
  /** Linear channel multipliers (white balance), green 1. */
  gains: [number, number, number];
  /** Global linear exposure multiplier applied before the gain field is read. */
  exposure: number;
  /**
   * The log2 gain on each pixel's HDR luminance (its luminance times the headroom, 1 without a gain map), as a function
   * of that luminance's log2.
   */
  field: GainField;
  /** The scene's headroom where the photo has a gain map: the field then brings the HDR rendition's detail down. */
  logHeadroom?: HeadroomPlane;
  /**
   * Linear-light saturation around each pixel's luminance (1 = as is), before the lift's own share: a pixel lifted by
   * a gain g keeps g^-LIFT_DESATURATION of its linear chroma, so its colour reads as strong as before in the encoded
   * photo instead of growing with the lift (a lifted wall does not come back more yellow).
   */
  saturation: number;
  /**
   * Linear level from which highlights roll off toward white (by the largest channel, so hue is kept); white is
   * reached at knee + 2 (1 - knee). Lower on a photo whose lift would otherwise clip more than the photo did.
   */
  knee: number;
}

/** The usual highlight knee (RenderPlan.knee). */
export const KNEE = 0.65;
/**
 * Level by which a highlight has become white: above KNEE its colour fades toward its luminance, as on film, so a lamp
 * shade or a sunlit wall that the white balance tilts does not clip in one channel or turn blue.
 */
const WHITE_BY = 1.6;
/** See RenderPlan.saturation: about what keeps a lifted colour's encoded chroma where it was. */
const LIFT_DESATURATION = 0.2;
/** Least saturation any pixel keeps. */
const MIN_SATURATION = 0.55;
/** Linear level of a pixel's lowest channel from which it counts as recorded white (code 240); fully at 1 (255). */
const RECORDED_WHITE = 0.871;
/** Floor under the luminance whose log is taken: below it, a pixel is black and its gain does not matter. */
const LUMA_FLOOR = 1 / 4096;
/**
 * Linear luminance over which a pixel takes the gain map's headroom (none at the first, all of it from the second).
 * The maps record headroom only where the photo is bright (below 0.1, in phones' maps, about none); a map a quarter of
 * the photo's side spreads a sky's gain over the dark branches against it, which would otherwise come out lighter.
 */
const HEADROOM_LUMA: readonly [number, number] = [0.05, 0.2];
const HEADROOM_SCALE = 1 / (HEADROOM_LUMA[1] - HEADROOM_LUMA[0]);

/** log2 of the headroom a pixel of this (linear) luminance takes, of the map's `logHeadroom` where it is. */
export const takenLogHeadroom = (logHeadroom: number, luma: number): number => {
  const share = (luma - HEADROOM_LUMA[0]) * HEADROOM_SCALE;
  return logHeadroom * (share < 0 ? 0 : share > 1 ? 1 : share);
};

export const ENCODE_STEPS = 16384;
/** sRGB code (0..255, rounded) of each linear level in 0..1 at 1/16384 steps. */
export const ENCODE: Uint8Array = (() => {
  const table = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) {
    const v = i / ENCODE_STEPS;
    const s = v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
    table[i] = Math.round(s * 255);
  }
  return table;
})();

/**
 * log2 and 2^x by table: Math.pow costs about 160 ns a call here and Math.log2 about 30, against a few ns for a
 * lookup, and the full-size pass calls each once per pixel. log2 reads the float's exponent and the top 12 bits of
 * its mantissa (error under 0.0004 stop); 2^x interpolates a table at 1/256 stop (relative error under 1e-5).
 */
const MANTISSA_BITS = 12;
const LOG2_MANTISSA: Float32Array = (() => {
  const table = new Float32Array(1 << MANTISSA_BITS);
  for (let i = 0; i < table.length; i++) table[i] = Math.log2(1 + (i + 0.5) / table.length);
  return table;
})();
const floatView = new Float32Array(1);
const bitsView = new Int32Array(floatView.buffer);
export const fastLog2 = (v: number): number => {
  floatView[0] = v;
  const bits = bitsView[0];
  return ((bits >> 23) & 0xff) - 127 + LOG2_MANTISSA[(bits >> (23 - MANTISSA_BITS)) & ((1 << MANTISSA_BITS) - 1)];
};
const EXP2_RANGE = 12;
const EXP2_STEPS = 256;
const EXP2: Float64Array = (() => {
  const table = new Float64Array(2 * EXP2_RANGE * EXP2_STEPS + 2);
  for (let i = 0; i < table.length; i++) table[i] = 2 ** (i / EXP2_STEPS - EXP2_RANGE);
  return table;
})();
export const fastExp2 = (x: number): number => {
  const t = ((x < -EXP2_RANGE ? -EXP2_RANGE : x > EXP2_RANGE ? EXP2_RANGE : x) + EXP2_RANGE) * EXP2_STEPS;
  const i = t | 0;
  const f = t - i;
  return EXP2[i] + (EXP2[i + 1] - EXP2[i]) * f;
};

/**
 * Renders `source` (8-bit sRGB) with `plan` into a new image of the same size (or into `into`, which may be the
 * source's own data). The gain field and the headroom may be coarser than the image; they are sampled bilinearly. The
 * WebAssembly SIMD kernel does the work where the runtime has it, within one code value of the JavaScript loop.
 */
export const renderListing = (source: RgbImage, plan: RenderPlan, into?: Uint8Array): RgbImage => {
  const out = into ?? new Uint8Array(source.data.length);
  if (renderListingSimd(source, plan, out)) return { width: source.width, height: source.height, data: out };
  return renderListingJs(source, plan, out);
};

/**
 * Bilinear sampling of a coarse plane `from` samples across at `to` pixels, pixel centres aligned: each pixel's two
 * neighbouring samples and the weight of the second.
 */
const samplingColumns = (from: number, to: number) => {
  const scale = from / to;
  const x0s = new Int32Array(to);
  const x1s = new Int32Array(to);
  const ts = new Float32Array(to);
  for (let x = 0; x < to; x++) {
    const f = Math.min(from - 1, Math.max(0, (x + 0.5) * scale - 0.5));
    const x0 = Math.floor(f);
    x0s[x] = x0;
    x1s[x] = Math.min(from - 1, x0 + 1);
    ts[x] = f - x0;
  }
  return { x0s, x1s, ts };
};

/** The rows of a coarse plane `from` rows high around row `y` of `to`, and the weight of the lower one. */
const samplingRow = (y: number, from: number, to: number) => {
  const f = Math.min(from - 1, Math.max(0, (y + 0.5) * (from / to) - 0.5));
  const y0 = Math.floor(f);
  return { y0, y1: Math.min(from - 1, y0 + 1), t: f - y0 };
};

/** The kernel's exports (libs/engine/assembly/listing.ts); pointers are byte offsets into its memory. */
interface ListingKernel {
  configure(
    gr: number,
    gg: number,
    gb: number,
    wr: number,
    wg: number,
    wb: number,
    saturation: number,
    knee: number,
    whiteBy: number,
    whiteAt: number,
    liftDesaturation: number,
    minSaturation: number,
    recordedWhite: number,
    lumaFloor: number,
    headroomFrom: number,
    headroomScale: number,
  ): void;
  interpolateRow(field: number, x0s: number, x1s: number, ts: number, out: number, count: number, add: number): void;
  render(
    input: number,
    output: number,
    end: number,
    a0: number,
    a1: number,
    b0: number,
    b1: number,
    ty: number,
    h0: number,
    h1: number,
    hy: number,
  ): void;
}

/** Pixels per strip copied through the kernel's memory (768 KB of RGB each way): the memory stays small for any photo. */
const STRIP_PIXELS = 1 << 18;
const align16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;
/**
 * The kernel's memory (bytes): the decoding table (256 f32) and the encoding table where the kernel reads them, then
 * what renderListingSimd lays out for the photo.
 */
const LINEAR_AT = 0;
const ENCODE_AT = 1024;
const LAYOUT_AT = align16(ENCODE_AT + ENCODE_STEPS + 1);
/** A row is rendered four pixels a step, so its last step reads and writes up to 16 bytes past it. */
const SLACK = 16;

/**
 * renderListing with the SIMD kernel into `out`. The field and the headroom are sampled with the same bilinear weights
 * as the JavaScript loop's, in the other order: each coarse row is interpolated across the width once (the rows above
 * and below the photo's row kept), and the kernel mixes the two per photo row four pixels at a time. Without a
 * headroom plane the kernel reads a row of zeros (log2 of 1). The photo passes through the kernel's memory in strips
 * of rows. Returns false, having written nothing, where WebAssembly SIMD is missing.
 */
const renderListingSimd = (source: RgbImage, plan: RenderPlan, out: Uint8Array): boolean => {
  const module = kernelModule('listing');
  if (!module) return false;
  const { width, height, data } = source;
  const { field, logHeadroom } = plan;
  const headroomWidth = logHeadroom?.width ?? 1;
  const padded = Math.ceil(width / 4) * 4;
  const stripRows = Math.max(1, Math.min(height, Math.floor(STRIP_PIXELS / width)));
  // Per coarse plane (the field, the headroom): its column map (two byte offsets into its row and a weight per
  // pixel), one of its rows as it is, and two slots of it interpolated across the (padded) width. The field's slots
  // hold a row's a and then its b.
  const layout = (at: number, coarseWidth: number, slotValues: number) => {
    const columnsAt = at;
    const rowAt = columnsAt + 3 * padded * 4;
    const slotsAt = align16(rowAt + coarseWidth * 4);
    return { columnsAt, rowAt, slotsAt, end: slotsAt + 2 * slotValues * padded * 4 };
  };
  const fieldAt = layout(LAYOUT_AT, field.width, 2);
  const headroomAt = layout(fieldAt.end, headroomWidth, 1);
  const inputAt = headroomAt.end;
  const outputAt = align16(inputAt + stripRows * width * 3 + SLACK);
  const size = outputAt + stripRows * width * 3 + SLACK;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(size / 65536) });
  const kernel = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as ListingKernel;
  const { buffer } = memory;
  new Float32Array(buffer, LINEAR_AT, 256).set(SRGB_TO_LINEAR);
  new Uint8Array(buffer, ENCODE_AT, ENCODE_STEPS + 1).set(ENCODE);
  /** The JavaScript loop's sampling of a coarse plane's columns, as byte offsets into one of its rows. */
  const setColumns = (columnsAt: number, coarseWidth: number) => {
    const { x0s, x1s, ts } = samplingColumns(coarseWidth, width);
    const bytes = new Uint32Array(buffer, columnsAt, 2 * padded);
    for (let x = 0; x < width; x++) {
      bytes[x] = x0s[x] * 4;
      bytes[padded + x] = x1s[x] * 4;
    }
    new Float32Array(buffer, columnsAt + 2 * padded * 4, padded).set(ts);
  };
  setColumns(fieldAt.columnsAt, field.width);
  if (logHeadroom) setColumns(headroomAt.columnsAt, logHeadroom.width);
  const [gr, gg, gb] = plan.gains;
  kernel.configure(
    gr,
    gg,
    gb,
    LUMA_R,
    LUMA_G,
    LUMA_B,
    plan.saturation,
    plan.knee,
    WHITE_BY,
    // Where the JavaScript loop's roll-off reaches white.
    plan.knee + 2 * (1 - plan.knee),
    LIFT_DESATURATION,
    MIN_SATURATION,
    RECORDED_WHITE,
    LUMA_FLOOR,
    HEADROOM_LUMA[0],
    HEADROOM_SCALE,
  );
  const logExposure = Math.log2(plan.exposure);
  /** Interpolates `values` (one coarse row) across the width into `slotAt`, through the plane's row in memory. */
  const interpolate = (at: typeof fieldAt, coarseWidth: number, values: Float32Array, slotAt: number, add: number) => {
    new Float32Array(buffer, at.rowAt, coarseWidth).set(values);
    const { columnsAt } = at;
    kernel.interpolateRow(at.rowAt, columnsAt, columnsAt + padded * 4, columnsAt + 2 * padded * 4, slotAt, padded, add);
  };
  const fieldSlot = (slot: number, coefficient: 0 | 1) => fieldAt.slotsAt + (slot * 2 + coefficient) * padded * 4;
  const headroomSlot = (slot: number) => headroomAt.slotsAt + slot * padded * 4;
  /** The slot holding coarse row `row` interpolated across the width, filled when it is not there yet. */
  const slotFinder = (fill: (row: number, slot: number) => void) => {
    const loaded = [-1, -1];
    return (row: number): number => {
      const slot = row % 2;
      if (loaded[slot] !== row) {
        fill(row, slot);
        loaded[slot] = row;
      }
      return slot;
    };
  };
  const fieldSlotOf = slotFinder((row, slot) => {
    const values = (plane: Float32Array) => plane.subarray(row * field.width, (row + 1) * field.width);
    interpolate(fieldAt, field.width, values(field.a), fieldSlot(slot, 0), 0);
    interpolate(fieldAt, field.width, values(field.b), fieldSlot(slot, 1), logExposure);
  });
  const headroomSlotOf = slotFinder((row, slot) => {
    if (logHeadroom) {
      const values = logHeadroom.log2.subarray(row * headroomWidth, (row + 1) * headroomWidth);
      interpolate(headroomAt, headroomWidth, values, headroomSlot(slot), 0);
    }
  });
  const bytes = new Uint8Array(buffer);
  const rowBytes = width * 3;
  for (let top = 0; top < height; top += stripRows) {
    const rows = Math.min(stripRows, height - top);
    const start = top * rowBytes;
    bytes.set(data.subarray(start, start + rows * rowBytes), inputAt);
    for (let row = 0; row < rows; row++) {
      const f = samplingRow(top + row, field.height, height);
      const h = logHeadroom ? samplingRow(top + row, logHeadroom.height, height) : { y0: 0, y1: 0, t: 0 };
      const above = fieldSlotOf(f.y0);
      const below = fieldSlotOf(f.y1);
      const headroomAbove = headroomSlotOf(h.y0);
      const headroomBelow = headroomSlotOf(h.y1);
      const at = row * rowBytes;
      kernel.render(
        inputAt + at,
        outputAt + at,
        inputAt + at + rowBytes,
        fieldSlot(above, 0),
        fieldSlot(below, 0),
        fieldSlot(above, 1),
        fieldSlot(below, 1),
        f.t,
        headroomSlot(headroomAbove),
        headroomSlot(headroomBelow),
        h.t,
      );
    }
    out.set(bytes.subarray(outputAt, outputAt + rows * rowBytes), start);
  }
  return true;
};

/**
 * The JavaScript loop of renderListing: the SIMD kernel's oracle, and the rendering where WebAssembly SIMD is
 * missing.
 */
export const renderListingJs = (source: RgbImage, plan: RenderPlan, into?: Uint8Array): RgbImage => {
  const { width, height, data } = source;
  const out = into ?? new Uint8Array(data.length);
  const { field, logHeadroom } = plan;
  const [gr, gg, gb] = plan.gains;
  const logExposure = Math.log2(plan.exposure);
  const saturation = plan.saturation;
  // Highlight roll-off of a pixel's largest channel: exact up to the knee, then a quadratic ease with slope 1 at the
  // knee that reaches white at knee + 2 (1 - knee). A white the photo recorded stays near white (code 246 at the
  // usual knee) instead of being pulled down to grey, and only what the lift pushes well past white clips.
  const knee = plan.knee;
  const whiteAt = knee + 2 * (1 - knee);
  // The field (and the headroom) is interpolated once per row into full-width rows; the pixel loop then reads one
  // value of each.
  const { x0s, x1s, ts: txs } = samplingColumns(field.width, width);
  const { a, b } = field;
  const fieldA = new Float32Array(field.width);
  const fieldB = new Float32Array(field.width);
  const rowA = new Float32Array(width);
  const rowB = new Float32Array(width);
  // log2 of the headroom across the row: zeros (a gain of 1) without a gain map.
  const rowH = new Float32Array(width);
  const headroomColumns = logHeadroom && samplingColumns(logHeadroom.width, width);
  const headroomRow = new Float32Array(logHeadroom?.width ?? 0);
  // Module bindings are read through accessors once compiled; local copies keep the inner loop on plain arrays.
  const toLinear = SRGB_TO_LINEAR;
  const encode = ENCODE;
  const [wr, wg, wb] = [LUMA_R, LUMA_G, LUMA_B];
  let lastY0 = -1;
  let lastTy = -1;
  for (let y = 0; y < height; y++) {
    const { y0, y1, t: ty } = samplingRow(y, field.height, height);
    if (y0 !== lastY0 || ty !== lastTy) {
      const r0 = y0 * field.width;
      const r1 = y1 * field.width;
      for (let x = 0; x < field.width; x++) {
        fieldA[x] = a[r0 + x] + (a[r1 + x] - a[r0 + x]) * ty;
        fieldB[x] = b[r0 + x] + (b[r1 + x] - b[r0 + x]) * ty;
      }
      for (let x = 0; x < width; x++) {
        const x0 = x0s[x];
        const x1 = x1s[x];
        const tx = txs[x];
        rowA[x] = fieldA[x0] + (fieldA[x1] - fieldA[x0]) * tx;
        rowB[x] = fieldB[x0] + (fieldB[x1] - fieldB[x0]) * tx + logExposure;
      }
      lastY0 = y0;
      lastTy = ty;
    }
    if (logHeadroom && headroomColumns) {
      const { y0: h0, y1: h1, t } = samplingRow(y, logHeadroom.height, height);
      const plane = logHeadroom.log2;
      const r0 = h0 * logHeadroom.width;
      const r1 = h1 * logHeadroom.width;
      for (let x = 0; x < logHeadroom.width; x++) headroomRow[x] = plane[r0 + x] + (plane[r1 + x] - plane[r0 + x]) * t;
      for (let x = 0; x < width; x++) {
        const x0 = headroomColumns.x0s[x];
        rowH[x] = headroomRow[x0] + (headroomRow[headroomColumns.x1s[x]] - headroomRow[x0]) * headroomColumns.ts[x];
      }
    }
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const lr = toLinear[data[i]];
      const lg = toLinear[data[i + 1]];
      const lb = toLinear[data[i + 2]];
      // What the photo recorded as white (all channels near 255) keeps out of the white balance: a blown window or a
      // white door is not tinted by gains meant for the walls.
      const low = lr < lg ? (lr < lb ? lr : lb) : lg < lb ? lg : lb;
      const white = low <= RECORDED_WHITE ? 0 : (low - RECORDED_WHITE) / (1 - RECORDED_WHITE);
      const r = lr * (gr + (1 - gr) * white);
      const g = lg * (gg + (1 - gg) * white);
      const bl = lb * (gb + (1 - gb) * white);
      const luma = wr * r + wg * g + wb * bl;
      // The field reads the pixel's HDR luminance and gives the gain on it; with the headroom's own stops added, the
      // gain on the SDR pixel, which the rest applies (a lift is measured against the photo as it was).
      const logLuma = fastLog2(luma > LUMA_FLOOR ? luma : LUMA_FLOOR);
      const logHeadroomHere = takenLogHeadroom(rowH[x], luma);
      let logGain = rowA[x] * (logLuma + logHeadroomHere) + rowB[x] + logHeadroomHere;
      if (logHeadroomHere > 0) {
        // The map's detail is finer than the field: a glint the field saw averaged would be pushed past white. With
        // the headroom a pixel comes out no brighter than recorded white is rendered (linear 1), or than the field
        // renders it without the headroom where that is brighter.
        const own = rowA[x] * logLuma + rowB[x];
        const held = own > -logLuma ? own : -logLuma;
        if (logGain > held) logGain = held;
      }
      const gain = fastExp2(logGain);
      const lumaOut = luma * gain;
      let s = logGain > 0 ? saturation * fastExp2(-LIFT_DESATURATION * logGain) : saturation;
      if (s < MIN_SATURATION) s = MIN_SATURATION;
      let ro = lumaOut + (r * gain - lumaOut) * s;
      let go = lumaOut + (g * gain - lumaOut) * s;
      let bo = lumaOut + (bl * gain - lumaOut) * s;
      let m = ro > go ? (ro > bo ? ro : bo) : go > bo ? go : bo;
      if (m > knee) {
        const fade = m >= WHITE_BY ? 1 : (m - knee) / (WHITE_BY - knee);
        ro += (lumaOut - ro) * fade;
        go += (lumaOut - go) * fade;
        bo += (lumaOut - bo) * fade;
        m = ro > go ? (ro > bo ? ro : bo) : go > bo ? go : bo;
        if (m > knee) {
          const t = m >= whiteAt ? 0 : 1 - (m - knee) / (whiteAt - knee);
          const scale = (knee + (1 - knee) * (1 - t * t)) / m;
          ro *= scale;
          go *= scale;
          bo *= scale;
        }
      }
      out[i] = encode[ro <= 0 ? 0 : ro >= 1 ? ENCODE_STEPS : (ro * ENCODE_STEPS + 0.5) | 0];
      out[i + 1] = encode[go <= 0 ? 0 : go >= 1 ? ENCODE_STEPS : (go * ENCODE_STEPS + 0.5) | 0];
      out[i + 2] = encode[bo <= 0 ? 0 : bo >= 1 ? ENCODE_STEPS : (bo * ENCODE_STEPS + 0.5) | 0];
    }
  }
  return { width, height, data: out };
};

/** What the plan checks its rendering against: the figures a finished listing photo is judged by. */
export interface LookFigures {
  medianLuma: number;
  p10Luma: number;
  /** Mean a*, b* of the near-neutral mid-tones (walls, ceilings, linen): the rendering's cast. */
  castA: number;
  castB: number;
  /** Hasler-Süsstrunk colourfulness on the 8-bit codes. */
  colourfulness: number;
  /** Share of pixels with a channel at 250 or more. */
  clipped: number;
}

/**
 * Figures of an 8-bit sRGB rendering: luma (Rec. 709 on the codes) median and 10th percentile; the cast of
 * near-neutral mid-tones (luma 0.25-0.97, chroma under 20, L* over 35, every third pixel), and colourfulness.
 */
export const lookFigures = (image: RgbImage): LookFigures => {
  const { data } = image;
  const n = data.length / 3;
  const histogram = new Uint32Array(256);
  let sumA = 0;
  let sumB = 0;
  let neutrals = 0;
  let sumRg = 0;
  let sumYb = 0;
  let sumRg2 = 0;
  let sumYb2 = 0;
  let clipped = 0;
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const luma = LUMA_R * r + LUMA_G * g + LUMA_B * b;
    histogram[Math.round(luma)]++;
    if (r >= 250 || g >= 250 || b >= 250) clipped++;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    sumRg += rg;
    sumYb += yb;
    sumRg2 += rg * rg;
    sumYb2 += yb * yb;
    if (p % 3 !== 0 || luma < 0.25 * 255 || luma > 0.97 * 255) continue;
    const lab = linearRgbToLab(SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]);
    if (lab.l <= 35 || lab.a * lab.a + lab.b * lab.b >= 400) continue;
    sumA += lab.a;
    sumB += lab.b;
    neutrals++;
  }
  const percentile = (share: number) => {
    const target = share * n;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v];
      if (seen >= target) return v / 255;
    }
    return 1;
  };
  const meanRg = sumRg / n;
  const meanYb = sumYb / n;
  const varRg = Math.max(0, sumRg2 / n - meanRg * meanRg);
  const varYb = Math.max(0, sumYb2 / n - meanYb * meanYb);
  return {
    medianLuma: percentile(0.5),
    p10Luma: percentile(0.1),
    castA: neutrals ? sumA / neutrals : 0,
    castB: neutrals ? sumB / neutrals : 0,
    colourfulness: Math.sqrt(varRg + varYb) + 0.3 * Math.hypot(meanRg, meanYb),
    clipped: clipped / n,
  };
};
