/**
 * Just enough of the WebAssembly binary format to write small SIMD kernels as bytes, opcode by opcode: what the
 * classical fused pass (`local-tone-simd.ts`) is still written in. The other kernels are AssemblyScript
 * (`libs/engine/assembly`), where this one is to move.
 */

export const uleb = (value: number): number[] => {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
};
/** Signed LEB128, as `i32.const` takes its immediate (an unsigned encoding of 64..127 would read as negative). */
export const sleb = (value: number): number[] => {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      bytes.push(byte);
      return bytes;
    }
    bytes.push(byte | 0x80);
  }
};
const name = (text: string) => [...uleb(text.length), ...Buffer.from(text, 'utf8')];
const section = (id: number, contents: number[]) => [id, ...uleb(contents.length), ...contents];
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];

export const I32 = 0x7f;
export const F32 = 0x7d;
export const V128 = 0x7b;
export const get = (index: number) => [0x20, ...uleb(index)];
export const set = (index: number) => [0x21, ...uleb(index)];
export const tee = (index: number) => [0x22, ...uleb(index)];
export const i32Const = (value: number) => [0x41, ...sleb(value)];
export const f32Const = (value: number) => [0x43, ...new Uint8Array(Float32Array.of(value).buffer)];
export const I32_ADD = [0x6a];
const I32_GE_U = [0x4f];
export const F32_ADD = [0x92];
export const F32_SUB = [0x93];
export const F32_MUL = [0x94];
/** Memory access immediates: alignment hint (log2, 0 = any address) and a constant offset added to the address. */
const memarg = (offset: number, align = 0) => [align, ...uleb(offset)];
export const I32_LOAD = (offset = 0) => [0x28, ...memarg(offset, 2)];
export const F32_LOAD = (offset = 0) => [0x2a, ...memarg(offset, 2)];
export const I32_STORE8 = (offset = 0) => [0x3a, ...memarg(offset)];
export const F32_STORE = (offset = 0) => [0x38, ...memarg(offset, 2)];

const simd = (opcode: number) => [0xfd, ...uleb(opcode)];
export const V128_LOAD = (offset = 0) => [...simd(0x00), ...memarg(offset)];
export const V128_STORE = (offset = 0) => [...simd(0x0b), ...memarg(offset)];
export const V128_CONST = (bytes: number[]) => [...simd(0x0c), ...bytes];
export const SWIZZLE = simd(0x0e); // i8x16.swizzle: a lane indexed out of range (16 and up) becomes 0
/** A SWIZZLE mask taking one channel of four interleaved RGB pixels into the low bytes of four 32-bit lanes. */
export const rgbChannelMask = (channel: number) => [0, 1, 2, 3].flatMap((p) => [p * 3 + channel, 255, 255, 255]);
export const SPLAT = simd(0x13); // f32x4.splat
/** The f32 that `value` leaves on the stack, in all four lanes of the v128 `local`. */
export const splatInto = (value: number[], local: number) => [...value, ...SPLAT, ...set(local)];
export const I32X4_LANE = (index: number) => [...simd(0x1b), index]; // i32x4.extract_lane
export const I32X4_TRUNC_SAT_U = simd(0xf9); // i32x4.trunc_sat_f32x4_u
export const LT = simd(0x43); // f32x4.lt, and the comparisons below: all ones in a lane where it holds
export const GT = simd(0x44); // f32x4.gt
export const LE = simd(0x45); // f32x4.le
export const AND = simd(0x4e); // v128.and
export const BITSELECT = simd(0x52); // v128.bitselect(a, b, mask): a where the mask is set, b elsewhere
export const SQRT = simd(0xe3); // f32x4.sqrt
export const SHL = simd(0xab); // i32x4.shl
export const TRUNC_S = simd(0xf8); // i32x4.trunc_sat_f32x4_s
export const CONVERT_S = simd(0xfa); // f32x4.convert_i32x4_s
export const NARROW_I32 = simd(0x86); // i16x8.narrow_i32x4_u
export const NARROW_I16 = simd(0x66); // i8x16.narrow_i16x8_u
export const REPLACE = (lane: number) => [...simd(0x20), lane]; // f32x4.replace_lane
export const SUB = simd(0xe5);
export const ADD = simd(0xe4);
export const MUL = simd(0xe6);
export const DIV = simd(0xe7);
export const MIN = simd(0xea); // f32x4.pmin: one instruction (min keeps NaN and signed-zero rules, several)
export const MAX = simd(0xeb); // f32x4.pmax

const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
export const IF = [0x04, 0x40];
export const END = [0x0b];
const brIf = (depth: number) => [0x0d, ...uleb(depth)];
const br = (depth: number) => [0x0c, ...uleb(depth)];
/** local += step, `step` being code that leaves an i32. */
export const addTo = (local: number, step: number[]) => [...get(local), ...step, ...I32_ADD, ...set(local)];
/**
 * A loop: while the i32 local `counter` is below what `limit` leaves, `body`, then `counter` += `step` (code leaving
 * an i32). Counters other than this one are advanced in the body.
 */
export const loopBelow = (counter: number, limit: number[], step: number[], body: number[]) => [
  ...BLOCK,
  ...LOOP,
  ...get(counter),
  ...limit,
  ...I32_GE_U,
  ...brIf(1),
  ...body,
  ...addTo(counter, step),
  ...br(0),
  ...END,
  ...END,
];

/** One function: its parameter types, its extra locals by type (in order), and its body (without the final end). */
interface WasmFunction {
  name: string;
  params: number[];
  locals: [count: number, type: number][];
  body: number[];
}

/** A module of functions without results over one imported memory `env.memory`. */
export const wasmModule = (functions: readonly WasmFunction[]): Uint8Array =>
  Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec(functions.map((f) => [0x60, ...vec(f.params.map((p) => [p])), ...vec([])]))),
    ...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x00, 0x00]])),
    ...section(3, vec(functions.map((_, index) => uleb(index)))),
    ...section(7, vec(functions.map((f, index) => [...name(f.name), 0x00, ...uleb(index)]))),
    ...section(
      10,
      vec(
        functions.map((f) => {
          const code = [...vec(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.body, ...END];
          return [...uleb(code.length), ...code];
        }),
      ),
    ),
  ]);

/** The module, compiled on its first use; null where this runtime cannot validate it (no SIMD). */
export const compileOnce = (bytes: Uint8Array): (() => WebAssembly.Module | null) => {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled === undefined) compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    return compiled;
  };
};
