/** Mean over a (2r+1)^2 window with edge-clamped borders, O(1) per pixel: the building block of guided filters. */
export const boxFilter = (src: Float32Array, width: number, height: number, radius: number): Float32Array => {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const size = 2 * radius + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum / size;
      sum += src[row + Math.min(width - 1, x + radius + 1)] - src[row + Math.max(0, x - radius)];
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += tmp[Math.min(height - 1, Math.max(0, k)) * width + x];
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / size;
      sum += tmp[Math.min(height - 1, y + radius + 1) * width + x] - tmp[Math.max(0, y - radius) * width + x];
    }
  }
  return out;
};

/**
 * Coefficients (a, b) of a self-guided filter: q = a * I + b smooths I while keeping edges whose local variance
 * exceeds `eps`, which is what keeps local-contrast and shadow lifts free of halos.
 */
export const guidedCoefficients = (
  guide: Float32Array,
  width: number,
  height: number,
  radius: number,
  eps: number,
): { a: Float32Array; b: Float32Array } => {
  const squared = new Float32Array(guide.length);
  for (let i = 0; i < guide.length; i++) squared[i] = guide[i] * guide[i];
  const mean = boxFilter(guide, width, height, radius);
  const meanSquared = boxFilter(squared, width, height, radius);
  const a = new Float32Array(guide.length);
  const b = new Float32Array(guide.length);
  for (let i = 0; i < guide.length; i++) {
    const variance = Math.max(0, meanSquared[i] - mean[i] * mean[i]);
    a[i] = variance / (variance + eps);
    b[i] = mean[i] - a[i] * mean[i];
  }
  return { a: boxFilter(a, width, height, radius), b: boxFilter(b, width, height, radius) };
};
