/**
 * The listing look's full-size rendering (`renderListing` in listing-render.ts) with WebAssembly SIMD, four pixels an
 * instruction: each channel of four interleaved RGB pixels is one f32x4, so the log2 and 2^x of the per-pixel gain
 * are polynomials evaluated for four pixels at once instead of table lookups one pixel at a time. The JavaScript loop
 * of `renderListingJs` is the oracle; float32 arithmetic throughout, where JavaScript computes in float64 and reads
 * log2 from a table, so the two agree within one code value.
 *
 * The memory is imported, laid out by listing-render.ts (bytes): the sRGB code's linear level (256 f32) at 0, the
 * encoding table (16385 u8) at ENCODE, then the column maps, the gain field's and the headroom's rows and the pixel
 * strips.
 *
 * Clamps use pmin/pmax: no NaN reaches them, and V8 compiles each to one instruction where min/max take a sequence that
 * handles NaN (with them the kernel ran at half the speed).
 */

const ENCODE: usize = 1024;
const ENCODE_STEPS: f32 = 16384;
/** 2^x is taken within ±EXP2_RANGE, where the JavaScript table ends. */
const EXP2_RANGE: f32 = 12;
/**
 * 1.5 · 2^23: a float of magnitude under 2^22 added to it is rounded to the nearest integer (halves to even), which
 * is then the sum's bits less ROUNDER_BITS.
 */
const ROUNDER: f32 = 12582912;
const ROUNDER_BITS: i32 = 0x4b400000;

// The plan's numbers and the look's tunables, set by `configure` before a rendering's rows.
let gainR: f32 = 1;
let gainG: f32 = 1;
let gainB: f32 = 1;
let lumaR: f32 = 0;
let lumaG: f32 = 0;
let lumaB: f32 = 0;
let saturation: f32 = 1;
let knee: f32 = 1;
let fadeScale: f32 = 0;
let rollScale: f32 = 0;
let liftDesaturation: f32 = 0;
let minSaturation: f32 = 0;
let lumaFloor: f32 = 0;
let recordedWhite: f32 = 1;
let headroomFrom: f32 = 0;
let headroomScale: f32 = 0;

/**
 * The plan and the tunables: white-balance gains, Rec. 709 weights, saturation, and the highlight knee, the level by
 * which a highlight is white (`whiteBy`) and the one where the roll-off reaches white (`whiteAt`); the luminance from
 * which a pixel takes the gain map's headroom, and 1 over the span to where it takes all of it.
 */
export function configure(
  gr: f32,
  gg: f32,
  gb: f32,
  wr: f32,
  wg: f32,
  wb: f32,
  sat: f32,
  kneeLevel: f32,
  whiteBy: f32,
  whiteAt: f32,
  lift: f32,
  leastSaturation: f32,
  white: f32,
  floor: f32,
  headroomLuma: f32,
  headroomSpan: f32,
): void {
  headroomFrom = headroomLuma;
  headroomScale = headroomSpan;
  recordedWhite = white;
  gainR = gr;
  gainG = gg;
  gainB = gb;
  lumaR = wr;
  lumaG = wg;
  lumaB = wb;
  saturation = sat;
  knee = kneeLevel;
  fadeScale = 1 / (whiteBy - kneeLevel);
  rollScale = 1 / (whiteAt - kneeLevel);
  liftDesaturation = lift;
  minSaturation = leastSaturation;
  lumaFloor = floor;
}

/**
 * One row of the gain field interpolated across the photo's width: out[x] = field[x0] + (field[x1] − field[x0])·t
 * + add, with x0 and x1 as byte offsets into the field's row. `count` values, the row padded to whole groups of four.
 */
export function interpolateRow(
  field: usize,
  x0s: usize,
  x1s: usize,
  ts: usize,
  out: usize,
  count: usize,
  add: f32,
): void {
  for (let at: usize = 0; at < count << 2; at += 4) {
    const v0 = load<f32>(field + load<u32>(x0s + at));
    const v1 = load<f32>(field + load<u32>(x1s + at));
    store<f32>(out + at, v0 + (v1 - v0) * load<f32>(ts + at) + add);
  }
}

/** p·x + c, lane by lane: one step of Horner's rule. */
function horner(p: v128, x: v128, c: f32): v128 {
  return f32x4.add(f32x4.mul(p, x), f32x4.splat(c));
}

/**
 * log2 of positive normal floats: the exponent, and the mantissa brought into [√½, √2) (musl's logf split), whose log
 * is 2/ln 2 · atanh(z) with z = (m − 1)/(m + 1), |z| < 0.172, by its series to z⁷ (error under 1e-7).
 */
function log2(v: v128): v128 {
  const shifted = i32x4.sub(v, i32x4.splat(0x3f3504f3));
  const exponent = f32x4.convert_i32x4_s(i32x4.shr_s(shifted, 23));
  const m = i32x4.add(v128.and(shifted, i32x4.splat(0x007fffff)), i32x4.splat(0x3f3504f3));
  const one = f32x4.splat(1);
  const z = f32x4.div(f32x4.sub(m, one), f32x4.add(m, one));
  const z2 = f32x4.mul(z, z);
  let series = horner(f32x4.splat(<f32>(2 / (7 * Math.LN2))), z2, <f32>(2 / (5 * Math.LN2)));
  series = horner(series, z2, <f32>(2 / (3 * Math.LN2)));
  series = horner(series, z2, <f32>(2 / Math.LN2));
  return f32x4.add(exponent, f32x4.mul(series, z));
}

/**
 * 2^x, x clamped to ±EXP2_RANGE as the JavaScript table is: 2 to the nearest integer by the float's exponent bits,
 * times 2^f for the rest (|f| ≤ ½) by Cephes' exp2f polynomial (relative error under 2e-7). The nearest integer is
 * read by adding ROUNDER, cheaper in WebAssembly than nearest and a float-to-integer conversion.
 */
function exp2(x: v128): v128 {
  const clamped = f32x4.pmin(f32x4.pmax(x, f32x4.splat(-EXP2_RANGE)), f32x4.splat(EXP2_RANGE));
  const rounded = f32x4.add(clamped, f32x4.splat(ROUNDER));
  const f = f32x4.sub(clamped, f32x4.sub(rounded, f32x4.splat(ROUNDER)));
  let p = horner(f32x4.splat(1.5353361883195e-4), f, 1.339887440266574e-3);
  p = horner(p, f, 9.61843735767464e-3);
  p = horner(p, f, 5.550332471162809e-2);
  p = horner(p, f, 2.402264791363012e-1);
  p = horner(p, f, 6.931472028550421e-1);
  p = horner(p, f, 1);
  // The integer n sits in the rounded float's low bits: its bits less ROUNDER's are n, and (n + 127) << 23 is 2^n.
  const scale = i32x4.shl(i32x4.add(rounded, i32x4.splat(127 - ROUNDER_BITS)), 23);
  return f32x4.mul(p, scale);
}

/** The linear levels of one channel (0, 1 or 2) of the four pixels at `p`. */
function decode(p: usize, channel: usize): v128 {
  let v = f32x4.splat(0);
  v = v128.load32_lane((<usize>load<u8>(p + channel)) << 2, v, 0);
  v = v128.load32_lane((<usize>load<u8>(p + channel + 3)) << 2, v, 1);
  v = v128.load32_lane((<usize>load<u8>(p + channel + 6)) << 2, v, 2);
  return v128.load32_lane((<usize>load<u8>(p + channel + 9)) << 2, v, 3);
}

/**
 * Table index (0..16384) of linear levels: clamped to 0..1 and rounded to 1/16384 by adding ROUNDER (halves to even,
 * where the JavaScript loop rounds them up: one step of the table at most, under one code value).
 */
function encodeIndex(v: v128): v128 {
  const unit = f32x4.pmin(f32x4.pmax(v, f32x4.splat(0)), f32x4.splat(1));
  return i32x4.sub(
    f32x4.add(f32x4.mul(unit, f32x4.splat(ENCODE_STEPS)), f32x4.splat(ROUNDER)),
    i32x4.splat(ROUNDER_BITS),
  );
}

/**
 * One row: the interleaved RGB bytes from `input` to `end` rendered into `output`, four pixels a step. The gain
 * field's coefficients are those of the two full-width rows around it (`a0`/`a1`, `b0`/`b1`, f32), mixed by `ty`;
 * the log2 headroom likewise (`h0`/`h1`, mixed by `hy`; rows of zeros without a gain map). A row whose width is not
 * a multiple of four is finished by a whole step, which reads and writes up to 16 bytes past its end: the caller
 * gives separate input and output and renders the rows in order.
 */
export function render(
  input: usize,
  output: usize,
  end: usize,
  a0: usize,
  a1: usize,
  b0: usize,
  b1: usize,
  ty: f32,
  h0: usize,
  h1: usize,
  hy: f32,
): void {
  const vty = f32x4.splat(ty);
  const vhy = f32x4.splat(hy);
  const vgr = f32x4.splat(gainR);
  const vgg = f32x4.splat(gainG);
  const vgb = f32x4.splat(gainB);
  const vwr = f32x4.splat(lumaR);
  const vwg = f32x4.splat(lumaG);
  const vwb = f32x4.splat(lumaB);
  const vsat = f32x4.splat(saturation);
  const vknee = f32x4.splat(knee);
  const vfade = f32x4.splat(fadeScale);
  const vroll = f32x4.splat(rollScale);
  const vlift = f32x4.splat(-liftDesaturation);
  const vminSat = f32x4.splat(minSaturation);
  const vfloor = f32x4.splat(lumaFloor);
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  const vwhite = f32x4.splat(recordedWhite);
  const vwhiteScale = f32x4.splat(1 / (1 - recordedWhite));
  const vheadroomFrom = f32x4.splat(headroomFrom);
  const vheadroomScale = f32x4.splat(headroomScale);
  for (let p = input, o = output, x: usize = 0; p < end; p += 12, o += 12, x += 16) {
    const lr = decode(p, 0);
    const lg = decode(p, 1);
    const lb = decode(p, 2);
    // Recorded white keeps out of the white balance (the JavaScript loop's RECORDED_WHITE).
    const white = f32x4.pmax(zero, f32x4.mul(f32x4.sub(f32x4.pmin(f32x4.pmin(lr, lg), lb), vwhite), vwhiteScale));
    const r = f32x4.mul(lr, f32x4.add(vgr, f32x4.mul(f32x4.sub(one, vgr), white)));
    const g = f32x4.mul(lg, f32x4.add(vgg, f32x4.mul(f32x4.sub(one, vgg), white)));
    const b = f32x4.mul(lb, f32x4.add(vgb, f32x4.mul(f32x4.sub(one, vgb), white)));
    const luma = f32x4.add(f32x4.add(f32x4.mul(r, vwr), f32x4.mul(g, vwg)), f32x4.mul(b, vwb));
    const fieldA = v128.load(a0 + x);
    const fieldB = v128.load(b0 + x);
    const coefA = f32x4.add(fieldA, f32x4.mul(f32x4.sub(v128.load(a1 + x), fieldA), vty));
    const coefB = f32x4.add(fieldB, f32x4.mul(f32x4.sub(v128.load(b1 + x), fieldB), vty));
    // The field reads the HDR luminance (log2 of the luma plus the headroom's stops it takes) and gives the gain on
    // it; the headroom's stops added back make it the gain on the SDR pixel.
    const headroom0 = v128.load(h0 + x);
    const mapped = f32x4.add(headroom0, f32x4.mul(f32x4.sub(v128.load(h1 + x), headroom0), vhy));
    const taken = f32x4.pmin(f32x4.pmax(f32x4.mul(f32x4.sub(luma, vheadroomFrom), vheadroomScale), zero), one);
    const logHeadroom = f32x4.mul(mapped, taken);
    const logSdr = log2(f32x4.pmax(luma, vfloor));
    const logHdr = f32x4.add(f32x4.add(f32x4.mul(coefA, f32x4.add(logSdr, logHeadroom)), coefB), logHeadroom);
    // No brighter than a recorded white (linear 1) or the pixel's own SDR rendering (the JavaScript loop's `held`):
    // without headroom the gain is that rendering's, and the cap leaves it as it is.
    const own = f32x4.add(f32x4.mul(coefA, logSdr), coefB);
    const logGain = f32x4.pmin(logHdr, f32x4.pmax(own, f32x4.neg(logSdr)));
    const gain = exp2(logGain);
    const lumaOut = f32x4.mul(luma, gain);
    // A lifted pixel (log gain above 0) gives up some saturation; never below the least.
    const lifted = f32x4.mul(vsat, exp2(f32x4.mul(vlift, logGain)));
    const s = f32x4.pmax(v128.bitselect(lifted, vsat, f32x4.gt(logGain, zero)), vminSat);
    let ro = f32x4.add(lumaOut, f32x4.mul(f32x4.sub(f32x4.mul(r, gain), lumaOut), s));
    let go = f32x4.add(lumaOut, f32x4.mul(f32x4.sub(f32x4.mul(g, gain), lumaOut), s));
    let bo = f32x4.add(lumaOut, f32x4.mul(f32x4.sub(f32x4.mul(b, gain), lumaOut), s));
    const m = f32x4.pmax(ro, f32x4.pmax(go, bo));
    if (v128.any_true(f32x4.gt(m, vknee))) {
      // Fade toward luma from the knee (0 at or under it, 1 from whiteBy), then the roll-off of the largest channel.
      const fade = f32x4.pmin(f32x4.pmax(f32x4.mul(f32x4.sub(m, vknee), vfade), zero), one);
      ro = f32x4.add(ro, f32x4.mul(f32x4.sub(lumaOut, ro), fade));
      go = f32x4.add(go, f32x4.mul(f32x4.sub(lumaOut, go), fade));
      bo = f32x4.add(bo, f32x4.mul(f32x4.sub(lumaOut, bo), fade));
      const faded = f32x4.pmax(ro, f32x4.pmax(go, bo));
      const t = f32x4.pmax(f32x4.sub(one, f32x4.mul(f32x4.sub(faded, vknee), vroll)), zero);
      const rolled = f32x4.add(vknee, f32x4.mul(f32x4.sub(one, vknee), f32x4.sub(one, f32x4.mul(t, t))));
      const scale = v128.bitselect(f32x4.div(rolled, faded), one, f32x4.gt(faded, vknee));
      ro = f32x4.mul(ro, scale);
      go = f32x4.mul(go, scale);
      bo = f32x4.mul(bo, scale);
    }
    const ri = encodeIndex(ro);
    const gi = encodeIndex(go);
    const bi = encodeIndex(bo);
    let codes = i32x4.splat(0);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(ri, 0), codes, 0, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(gi, 0), codes, 1, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(bi, 0), codes, 2, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(ri, 1), codes, 3, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(gi, 1), codes, 4, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(bi, 1), codes, 5, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(ri, 2), codes, 6, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(gi, 2), codes, 7, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(bi, 2), codes, 8, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(ri, 3), codes, 9, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(gi, 3), codes, 10, ENCODE);
    codes = v128.load8_lane(<usize>i32x4.extract_lane(bi, 3), codes, 11, ENCODE);
    v128.store(o, codes);
  }
}
