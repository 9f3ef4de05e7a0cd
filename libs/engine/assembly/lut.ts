/**
 * The 3D LUT applied to 8-bit RGB pixels with WebAssembly SIMD: a pixel's three channels are one f32x4, so each of
 * the seven interpolations of a trilinear lookup is one instruction instead of three. The JavaScript loop of
 * `applyLut` (lut3d.ts) is its oracle; float32 arithmetic throughout, where JavaScript interpolates in float64, so
 * the two agree within one level.
 *
 * The module runs over an imported memory the loader lays out (bytes): per-code node offsets along red, green and
 * blue (256 i32 each, a node being 16 bytes), per-code fractions (256 f32), then the table with each node padded to
 * four floats, then the pixels.
 */

const OFFSET_R: usize = 0;
const OFFSET_G: usize = 1024;
const OFFSET_B: usize = 2048;
const FRACTION: usize = 3072;
const TABLE: usize = 4096;

/** a + (b − a)·t, lane by lane. */
function lerp(a: v128, b: v128, t: v128): v128 {
  return f32x4.add(a, f32x4.mul(f32x4.sub(b, a), t));
}

/** Every pixel of the interleaved RGB bytes from `start` to `end`, in place, through a LUT of `size`³ nodes. */
export function lut(start: usize, end: usize, size: usize): void {
  const gStride = size << 4;
  const bStride = gStride * size;
  const half = f32x4.splat(0.5);
  for (let p = start; p < end; p += 3) {
    const r = (<usize>load<u8>(p)) << 2;
    const g = (<usize>load<u8>(p, 1)) << 2;
    const b = (<usize>load<u8>(p, 2)) << 2;
    // Constant offsets go in the loads' immediates, where they cost no instruction.
    const base = load<u32>(r, OFFSET_R) + load<u32>(g, OFFSET_G) + load<u32>(b, OFFSET_B);
    const dr = f32x4.splat(load<f32>(r, FRACTION));
    const dg = f32x4.splat(load<f32>(g, FRACTION));
    const db = f32x4.splat(load<f32>(b, FRACTION));
    const g1 = base + gStride;
    const b1 = base + bStride;
    const gb1 = g1 + bStride;
    const c00 = lerp(v128.load(base, TABLE), v128.load(base, TABLE + 16), dr);
    const c10 = lerp(v128.load(g1, TABLE), v128.load(g1, TABLE + 16), dr);
    const c01 = lerp(v128.load(b1, TABLE), v128.load(b1, TABLE + 16), dr);
    const c11 = lerp(v128.load(gb1, TABLE), v128.load(gb1, TABLE + 16), dr);
    // Rounded: +0.5 and truncated (the values are within 0..255).
    const out = i32x4.trunc_sat_f32x4_u(f32x4.add(lerp(lerp(c00, c10, dg), lerp(c01, c11, dg), db), half));
    store<u8>(p, i32x4.extract_lane(out, 0));
    store<u8>(p, i32x4.extract_lane(out, 1), 1);
    store<u8>(p, i32x4.extract_lane(out, 2), 2);
  }
}
