/**
 * Gaussian and Laplacian pyramids of one-channel float images, and the multi-scale blend of several images by
 * per-pixel weights (Burt & Adelson; the blend Mertens et al. use for exposure fusion). Blending band by band is what
 * keeps the seams between regions taken from different exposures invisible: each band is mixed with weights as
 * smooth as the band itself.
 */

export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** 5-tap binomial blur [1 4 6 4 1] / 16 and decimation by two, edge-clamped. */
export const reduce = (plane: Plane): Plane => {
  const { width, height, data } = plane;
  const w2 = Math.max(1, Math.ceil(width / 2));
  const h2 = Math.max(1, Math.ceil(height / 2));
  const rows = new Float32Array(w2 * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < w2; x++) {
      const c = 2 * x;
      const m2 = data[row + (c - 2 < 0 ? 0 : c - 2)];
      const m1 = data[row + (c - 1 < 0 ? 0 : c - 1)];
      const p1 = data[row + (c + 1 >= width ? width - 1 : c + 1)];
      const p2 = data[row + (c + 2 >= width ? width - 1 : c + 2)];
      rows[y * w2 + x] = (m2 + 4 * m1 + 6 * data[row + (c >= width ? width - 1 : c)] + 4 * p1 + p2) / 16;
    }
  }
  const out = new Float32Array(w2 * h2);
  for (let y = 0; y < h2; y++) {
    const c = 2 * y;
    const m2 = (c - 2 < 0 ? 0 : c - 2) * w2;
    const m1 = (c - 1 < 0 ? 0 : c - 1) * w2;
    const z = (c >= height ? height - 1 : c) * w2;
    const p1 = (c + 1 >= height ? height - 1 : c + 1) * w2;
    const p2 = (c + 2 >= height ? height - 1 : c + 2) * w2;
    for (let x = 0; x < w2; x++) {
      out[y * w2 + x] = (rows[m2 + x] + 4 * rows[m1 + x] + 6 * rows[z + x] + 4 * rows[p1 + x] + rows[p2 + x]) / 16;
    }
  }
  return { width: w2, height: h2, data: out };
};

/**
 * Bilinear enlargement of `plane` to `width` x `height` (a pixel of the coarse level sits at the centre of the two
 * it was reduced from).
 */
export const expand = (plane: Plane, width: number, height: number): Float32Array => {
  const out = new Float32Array(width * height);
  const sx = plane.width / width;
  const sy = plane.height / height;
  const pw = plane.width;
  for (let y = 0; y < height; y++) {
    let fy = (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    let y0 = Math.floor(fy);
    if (y0 > plane.height - 1) y0 = plane.height - 1;
    const y1 = y0 + 1 < plane.height ? y0 + 1 : y0;
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      let fx = (x + 0.5) * sx - 0.5;
      if (fx < 0) fx = 0;
      let x0 = Math.floor(fx);
      if (x0 > pw - 1) x0 = pw - 1;
      const x1 = x0 + 1 < pw ? x0 + 1 : x0;
      const tx = fx - x0;
      const top = plane.data[y0 * pw + x0] * (1 - tx) + plane.data[y0 * pw + x1] * tx;
      const bottom = plane.data[y1 * pw + x0] * (1 - tx) + plane.data[y1 * pw + x1] * tx;
      out[y * width + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
};

/** Number of levels for an image: down to about 8 px on the short side, the scale of the whole room. */
export const levelsFor = (width: number, height: number): number =>
  Math.max(1, Math.floor(Math.log2(Math.min(width, height) / 8)) + 1);

export const gaussianPyramid = (plane: Plane, levels: number): Plane[] => {
  const pyramid = [plane];
  for (let i = 1; i < levels; i++) pyramid.push(reduce(pyramid[i - 1]));
  return pyramid;
};

/** Band-pass levels, the last one the coarsest Gaussian level (the residual). */
export const laplacianPyramid = (plane: Plane, levels: number): Plane[] => {
  const gaussian = gaussianPyramid(plane, levels);
  return gaussian.map((level, i) => {
    if (i === levels - 1) return level;
    const up = expand(gaussian[i + 1], level.width, level.height);
    const band = new Float32Array(level.data.length);
    for (let p = 0; p < band.length; p++) band[p] = level.data[p] - up[p];
    return { width: level.width, height: level.height, data: band };
  });
};

export const collapse = (pyramid: Plane[]): Plane => {
  let current = pyramid[pyramid.length - 1];
  for (let i = pyramid.length - 2; i >= 0; i--) {
    const level = pyramid[i];
    const up = expand(current, level.width, level.height);
    for (let p = 0; p < up.length; p++) up[p] += level.data[p];
    current = { width: level.width, height: level.height, data: up };
  }
  return current;
};

/**
 * Blends images band by band with per-pixel weights (any non-negative values; normalised here per pixel). All
 * planes share one size.
 */
export const blendPyramids = (images: Plane[], weights: Plane[]): Plane => {
  const { width, height } = images[0];
  const levels = levelsFor(width, height);
  const total = new Float32Array(width * height);
  for (const weight of weights) for (let p = 0; p < total.length; p++) total[p] += weight.data[p];
  let blended: Plane[] | null = null;
  for (const [j, image] of images.entries()) {
    const normalised = new Float32Array(total.length);
    for (let p = 0; p < total.length; p++) normalised[p] = weights[j].data[p] / (total[p] || 1);
    const bands = laplacianPyramid(image, levels);
    const mix = gaussianPyramid({ width, height, data: normalised }, levels);
    if (!blended) {
      blended = bands.map((band, i) => {
        const data = new Float32Array(band.data.length);
        for (let p = 0; p < data.length; p++) data[p] = band.data[p] * mix[i].data[p];
        return { width: band.width, height: band.height, data };
      });
    } else {
      for (const [i, band] of bands.entries()) {
        const target = blended[i].data;
        for (let p = 0; p < target.length; p++) target[p] += band.data[p] * mix[i].data[p];
      }
    }
  }
  return collapse(blended ?? []);
};
