/**
 * The MAXIM model's fused GELU, layer normalisation and strided copies as WebAssembly SIMD functions over the
 * TensorFlow.js wasm backend's own memory (imported), four floats an instruction. Plain JavaScript takes about 10 ns
 * a value for the GELU (the float64 rational tanh) and 3.5 for the normalisation, which made the fused kernels slower
 * than the graph kernels they replace. Their JavaScript twins (gelu-kernel.ts, layer-norm-kernel.ts and the slice and
 * concat kernels' loops) are the oracle.
 *
 * Every pointer is a byte offset into the memory; `bytes` is a multiple of `channelBytes`, the length of a row of the
 * last axis, itself a multiple of 16 (channels a multiple of four).
 */

// Beyond ±LIMIT tanh rounds to ±1 in float32; the rational below is the one Eigen and XNNPACK use.
const LIMIT: f32 = 7.90531110763549805;
const P0: f32 = -2.76076847742355e-16;
const P1: f32 = 2.00018790482477e-13;
const P2: f32 = -8.60467152213735e-11;
const P3: f32 = 5.12229709037114e-8;
const P4: f32 = 1.48572235717979e-5;
const P5: f32 = 6.37261928875436e-4;
const P6: f32 = 4.89352455891786e-3;
const Q0: f32 = 1.19825839466702e-6;
const Q1: f32 = 1.18534705686654e-4;
const Q2: f32 = 2.268434632439e-3;
const Q3: f32 = 4.89352518554385e-3;
const CUBIC: f32 = 0.044715;
/** √(2/π) */
const SCALE: f32 = 0.7978845608028654;

/** p·x + c, lane by lane: one step of Horner's rule. */
function horner(p: v128, x: v128, c: f32): v128 {
  return f32x4.add(f32x4.mul(p, x), f32x4.splat(c));
}

/** out = GELU(x + bias) in its tanh form, 0.5 v (1 + tanh(√(2/π) (v + 0.044715 v³))), the bias along the last axis. */
export function gelu(x: usize, bias: usize, out: usize, bytes: usize, channelBytes: usize): void {
  for (let row: usize = 0; row < bytes; row += channelBytes) {
    for (let c: usize = 0; c < channelBytes; c += 16) {
      const v = f32x4.add(v128.load(x + row + c), v128.load(bias + c));
      const cubic = f32x4.mul(f32x4.mul(f32x4.mul(v, v), v), f32x4.splat(CUBIC));
      const scaled = f32x4.mul(f32x4.add(cubic, v), f32x4.splat(SCALE));
      const t = f32x4.pmax(f32x4.pmin(scaled, f32x4.splat(LIMIT)), f32x4.splat(-LIMIT));
      const t2 = f32x4.mul(t, t);
      // tanh(t) = t P(t²) / Q(t²)
      let p = horner(t2, f32x4.splat(P0), P1);
      p = horner(p, t2, P2);
      p = horner(p, t2, P3);
      p = horner(p, t2, P4);
      p = horner(p, t2, P5);
      p = horner(p, t2, P6);
      let q = horner(t2, f32x4.splat(Q0), Q1);
      q = horner(q, t2, Q2);
      q = horner(q, t2, Q3);
      const tanh = f32x4.div(f32x4.mul(p, t), q);
      v128.store(out + row + c, f32x4.mul(f32x4.mul(f32x4.add(tanh, f32x4.splat(1)), v), f32x4.splat(0.5)));
    }
  }
}

/** The four lanes' sum, (l0 + l1) + (l2 + l3). */
function sumLanes(v: v128): f32 {
  return f32x4.extract_lane(v, 0) + f32x4.extract_lane(v, 1) + (f32x4.extract_lane(v, 2) + f32x4.extract_lane(v, 3));
}

/**
 * Layer normalisation over the last axis, as MAXIM's graph computes it: mean = Σx · recip, variance = max(0, Σx² ·
 * recip − mean²), out = (x − mean) · 1/√(variance + ε) · gamma + beta.
 */
export function layerNorm(
  x: usize,
  gamma: usize,
  beta: usize,
  out: usize,
  bytes: usize,
  channelBytes: usize,
  recip: f32,
  epsilon: f32,
): void {
  for (let row: usize = 0; row < bytes; row += channelBytes) {
    let sum = f32x4.splat(0);
    let squares = f32x4.splat(0);
    for (let c: usize = 0; c < channelBytes; c += 16) {
      const v = v128.load(x + row + c);
      sum = f32x4.add(v, sum);
      squares = f32x4.add(f32x4.mul(v, v), squares);
    }
    const mean = sumLanes(sum) * recip;
    const scale: f32 = 1 / sqrt<f32>(max<f32>(sumLanes(squares) * recip - mean * mean, 0) + epsilon);
    const meanV = f32x4.splat(mean);
    const scaleV = f32x4.splat(scale);
    for (let c: usize = 0; c < channelBytes; c += 16) {
      const normalised = f32x4.mul(f32x4.mul(f32x4.sub(v128.load(x + row + c), meanV), scaleV), v128.load(gamma + c));
      v128.store(out + row + c, f32x4.add(normalised, v128.load(beta + c)));
    }
  }
}

/**
 * `runs` runs of `runBytes` (a multiple of 16), the n-th from source + n·sourceStride to target + n·targetStride:
 * MAXIM's channel slices and concatenations.
 */
export function copyRuns(
  source: usize,
  sourceStride: usize,
  target: usize,
  targetStride: usize,
  runBytes: usize,
  runs: usize,
): void {
  for (let n: usize = 0; n < runs; n++) {
    const from = source + n * sourceStride;
    const to = target + n * targetStride;
    for (let offset: usize = 0; offset < runBytes; offset += 16) v128.store(to + offset, v128.load(from + offset));
  }
}
