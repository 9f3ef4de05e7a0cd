/**
 * The largest photo, in pixels, an upload accepts: refused from its header before any pixel is decoded (a
 * decompression bomb). Below the modules, so the photos module refuses at upload what the engine would refuse at
 * decode; `enhancement/photo-limits.spec.ts` holds the engine's own limit equal to it.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
