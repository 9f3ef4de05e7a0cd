/**
 * The unsharp mask's arithmetic with WebAssembly SIMD, four pixels an instruction: luma rows from interleaved RGB, the
 * separable 5-tap Gaussian and the detail (luma minus its blur). The mask's decisions per pixel stay in
 * `stages/sharpen.ts`, whose JavaScript path is the oracle. The memory is imported, laid out by `unsharp-simd.ts`.
 */

// Swizzle masks taking one channel of four interleaved RGB pixels into the low bytes of four 32-bit lanes (an index
// out of range, here −1 = 255, reads 0).
const RED = i8x16(0, -1, -1, -1, 3, -1, -1, -1, 6, -1, -1, -1, 9, -1, -1, -1);
const GREEN = i8x16(1, -1, -1, -1, 4, -1, -1, -1, 7, -1, -1, -1, 10, -1, -1, -1);
const BLUE = i8x16(2, -1, -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1);

function channel(pixels: v128, mask: v128, weight: v128): v128 {
  return f32x4.mul(f32x4.convert_i32x4_u(i8x16.swizzle(pixels, mask)), weight);
}

/** out[x] = kr·R + kg·G + kb·B from `rgb` on, four pixels a step, until `outEnd` (reads up to 4 bytes past them). */
export function luma(rgb: usize, out: usize, outEnd: usize, kr: f32, kg: f32, kb: f32): void {
  const vkr = f32x4.splat(kr);
  const vkg = f32x4.splat(kg);
  const vkb = f32x4.splat(kb);
  for (; out < outEnd; out += 16, rgb += 12) {
    const pixels = v128.load(rgb);
    const sum = f32x4.add(channel(pixels, RED, vkr), channel(pixels, GREEN, vkg));
    v128.store(out, f32x4.add(sum, channel(pixels, BLUE, vkb)));
  }
}

/**
 * The vertical pass of rows top2..bottom2 into `vertical` from its third float, its edges repeated, then detail[x] =
 * centre[x] − the horizontal pass; and the byte offsets of the groups of four with a |detail| of at least `least`,
 * listed at `groups` after their count. `bytes` is the padded row's length, `widthBytes` the photo's.
 */
export function detail(
  top2: usize,
  top1: usize,
  centre: usize,
  bottom1: usize,
  bottom2: usize,
  vertical: usize,
  out: usize,
  bytes: usize,
  widthBytes: usize,
  groups: usize,
  w0: f32,
  w1: f32,
  w2: f32,
  least: f32,
): void {
  const vw0 = f32x4.splat(w0);
  const vw1 = f32x4.splat(w1);
  const vw2 = f32x4.splat(w2);
  const vleast = f32x4.splat(least);
  for (let x: usize = 0; x < bytes; x += 16) {
    const near = f32x4.add(
      f32x4.mul(v128.load(centre + x), vw0),
      f32x4.mul(f32x4.add(v128.load(top1 + x), v128.load(bottom1 + x)), vw1),
    );
    const far = f32x4.mul(f32x4.add(v128.load(top2 + x), v128.load(bottom2 + x)), vw2);
    v128.store(vertical + x, f32x4.add(near, far), 8);
  }
  // vertical[0] = vertical[1] = vertical[2]; vertical[w + 2] = vertical[w + 3] = vertical[w + 1]
  store<f32>(vertical, load<f32>(vertical, 8));
  store<f32>(vertical, load<f32>(vertical, 8), 4);
  const end = vertical + widthBytes;
  store<f32>(end, load<f32>(end, 4), 8);
  store<f32>(end, load<f32>(end, 4), 12);
  let count: usize = 0;
  for (let x: usize = 0; x < bytes; x += 16) {
    const at = vertical + x;
    const near = f32x4.add(
      f32x4.mul(v128.load(at, 8), vw0),
      f32x4.mul(f32x4.add(v128.load(at, 4), v128.load(at, 12)), vw1),
    );
    const blur = f32x4.add(near, f32x4.mul(f32x4.add(v128.load(at), v128.load(at, 16)), vw2));
    const d = f32x4.sub(v128.load(centre + x), blur);
    v128.store(out + x, d);
    if (i32x4.bitmask(f32x4.ge(f32x4.abs(d), vleast))) {
      count += 4;
      store<u32>(groups + count, <u32>x);
    }
  }
  store<u32>(groups, <u32>(count >> 2));
}
