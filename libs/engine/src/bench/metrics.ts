import { linearRgbToLab, SRGB_TO_LINEAR } from '../color';
import type { RgbImage } from '../rgb-image';

/** Fidelity figures of the benchmark: two images of the same size (8-bit RGB). */
type Raw = RgbImage;

export const psnr = (a: Raw, b: Raw) => {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += (a.data[i] - b.data[i]) ** 2;
  return 10 * Math.log10((255 * 255) / Math.max(sum / a.data.length, 1e-10));
};

/** SSIM on luma with the usual 11-tap Gaussian window (sigma 1.5). */
export const ssim = (a: Raw, b: Raw) => {
  const { width, height } = a;
  const n = width * height;
  const luma = (img: Raw) => {
    const out = new Float32Array(n);
    for (let p = 0; p < n; p++)
      out[p] = 0.299 * img.data[p * 3] + 0.587 * img.data[p * 3 + 1] + 0.114 * img.data[p * 3 + 2];
    return out;
  };
  const kernel = Array.from({ length: 11 }, (_, i) => Math.exp(-((i - 5) ** 2) / (2 * 1.5 * 1.5)));
  const total = kernel.reduce((s, v) => s + v, 0);
  const k = kernel.map((v) => v / total);
  const blur = (src: Float32Array) => {
    const tmp = new Float32Array(n);
    const out = new Float32Array(n);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let i = -5; i <= 5; i++) s += k[i + 5] * src[y * width + Math.min(width - 1, Math.max(0, x + i))];
        tmp[y * width + x] = s;
      }
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let i = -5; i <= 5; i++) s += k[i + 5] * tmp[Math.min(height - 1, Math.max(0, y + i)) * width + x];
        out[y * width + x] = s;
      }
    return out;
  };
  const x = luma(a);
  const y = luma(b);
  const product = (p: Float32Array, q: Float32Array) => p.map((v, i) => v * q[i]);
  const mx = blur(x);
  const my = blur(y);
  const sxx = blur(product(x, x));
  const syy = blur(product(y, y));
  const sxy = blur(product(x, y));
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const vx = sxx[i] - mx[i] * mx[i];
    const vy = syy[i] - my[i] * my[i];
    const cov = sxy[i] - mx[i] * my[i];
    sum += ((2 * mx[i] * my[i] + c1) * (2 * cov + c2)) / ((mx[i] ** 2 + my[i] ** 2 + c1) * (vx + vy + c2));
  }
  return sum / n;
};

/** Mean CIEDE2000 colour difference per pixel. */
export const deltaE2000 = (a: Raw, b: Raw) => {
  const rad = Math.PI / 180;
  let total = 0;
  const n = a.width * a.height;
  for (let p = 0; p < n; p++) {
    const i = p * 3;
    const x = linearRgbToLab(SRGB_TO_LINEAR[a.data[i]], SRGB_TO_LINEAR[a.data[i + 1]], SRGB_TO_LINEAR[a.data[i + 2]]);
    const y = linearRgbToLab(SRGB_TO_LINEAR[b.data[i]], SRGB_TO_LINEAR[b.data[i + 1]], SRGB_TO_LINEAR[b.data[i + 2]]);
    const c1 = Math.hypot(x.a, x.b);
    const c2 = Math.hypot(y.a, y.b);
    const cm = (c1 + c2) / 2;
    const g = 0.5 * (1 - Math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)));
    const a1 = x.a * (1 + g);
    const a2 = y.a * (1 + g);
    const cp1 = Math.hypot(a1, x.b);
    const cp2 = Math.hypot(a2, y.b);
    const h1 = cp1 === 0 ? 0 : (Math.atan2(x.b, a1) / rad + 360) % 360;
    const h2 = cp2 === 0 ? 0 : (Math.atan2(y.b, a2) / rad + 360) % 360;
    const dL = y.l - x.l;
    const dC = cp2 - cp1;
    let dh = 0;
    if (cp1 * cp2 !== 0) dh = Math.abs(h2 - h1) <= 180 ? h2 - h1 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 + 360;
    const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * rad);
    const lm = (x.l + y.l) / 2;
    const cpm = (cp1 + cp2) / 2;
    let hm = h1 + h2;
    if (cp1 * cp2 !== 0)
      hm = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
    const t =
      1 -
      0.17 * Math.cos((hm - 30) * rad) +
      0.24 * Math.cos(2 * hm * rad) +
      0.32 * Math.cos((3 * hm + 6) * rad) -
      0.2 * Math.cos((4 * hm - 63) * rad);
    const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
    const rc = 2 * Math.sqrt(cpm ** 7 / (cpm ** 7 + 25 ** 7));
    const sl = 1 + (0.015 * (lm - 50) ** 2) / Math.sqrt(20 + (lm - 50) ** 2);
    const sc = 1 + 0.045 * cpm;
    const sh = 1 + 0.015 * cpm * t;
    const rt = -Math.sin(2 * dTheta * rad) * rc;
    total += Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
  }
  return total / n;
};
