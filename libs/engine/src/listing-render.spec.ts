import {
  type GainField,
  type HeadroomPlane,
  KNEE,
  type RenderPlan,
  renderListing,
  renderListingJs,
} from './listing-render';
import type { RgbImage } from './rgb-image';
import { kernelModule } from './wasm-kernels';

/**
 * A photo-like test card, its width not a multiple of four and more pixels than one of the kernel's strips: hue and
 * brightness gradients, fully saturated primaries and secondaries, near-black and near-white bands, and noise.
 */
const testCard = (width: number, height: number): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 24;
  };
  const saturated = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [255, 255, 0],
    [0, 255, 255],
    [255, 0, 255],
    [255, 255, 255],
    [0, 0, 0],
  ];
  for (let y = 0; y < height; y++) {
    const band = Math.floor((y / height) * 6);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const u = x / Math.max(1, width - 1);
      const v = y / (height - 1);
      let rgb: number[];
      if (band === 0) rgb = [u * 255, v * 255, (1 - u) * 255];
      else if (band === 1) rgb = saturated[Math.floor(u * saturated.length) % saturated.length];
      else if (band === 2) rgb = [x % 6, (x >> 1) % 5, (x + y) % 4];
      else if (band === 3) rgb = [255 - (x % 5), 255 - (x % 7), 250 + (x % 6)];
      else if (band === 4) rgb = [noise(), noise(), noise()];
      else rgb = [u * 255, u * 200 + 40, u * 90];
      data[i] = rgb[0];
      data[i + 1] = rgb[1];
      data[i + 2] = rgb[2];
    }
  }
  return { width, height, data };
};

/** A coarse field whose slope a and offset b both vary across it, some pixels lifted and some held down. */
const testField = (width: number, height: number): GainField => {
  const a = new Float32Array(width * height);
  const b = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      a[y * width + x] = -0.4 + (1.2 * x) / (width - 1) + 0.1 * Math.sin(y);
      b[y * width + x] = -1.5 + (3 * y) / (height - 1) + 0.3 * Math.cos(x);
    }
  return { width, height, a, b };
};

/**
 * log2 of a gain map's headroom on a plane of its own size: none on the left, rising to 2.5 stops on the right with a
 * sharp step in the middle and a ripple, as over a window and its frame.
 */
const testHeadroom = (width: number, height: number): HeadroomPlane => {
  const log2 = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      log2[y * width + x] = x < width / 3 ? 0 : (x < width / 2 ? 0.8 : 1.8) + 0.7 * Math.abs(Math.sin(x + y));
  return { width, height, log2 };
};

const field = testField(13, 9);
const plans: Record<string, RenderPlan> = {
  'warm white balance': { gains: [1.3, 1, 0.8], exposure: 1, field, saturation: 1, knee: KNEE },
  'cool white balance, less saturation': { gains: [0.85, 1, 1.25], exposure: 1, field, saturation: 0.72, knee: KNEE },
  'exposure 2.5, highlights past a low knee': {
    gains: [1.1, 1, 0.95],
    exposure: 2.5,
    field,
    saturation: 0.9,
    knee: 0.5,
  },
  "a gain map's headroom on its own plane": {
    gains: [1.15, 1, 0.9],
    exposure: 1.3,
    field,
    logHeadroom: testHeadroom(29, 23),
    saturation: 0.95,
    knee: KNEE,
  },
};

/** A uniform field: the same log2 gain a·log2(luma) + b everywhere. */
const uniformField = (a: number, b: number): GainField => ({
  width: 2,
  height: 2,
  a: new Float32Array(4).fill(a),
  b: new Float32Array(4).fill(b),
});
const flatPhoto = (width: number, height: number, code: number): RgbImage => ({
  width,
  height,
  data: new Uint8Array(width * height * 3).fill(code),
});
/** A headroom plane a quarter of the photo's side: checks of 1 and 2.5 stops, eight photo pixels across. */
const checkedHeadroom = (width: number, height: number): HeadroomPlane => {
  const log2 = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) log2[y * width + x] = (Math.floor(x / 2) + Math.floor(y / 2)) % 2 ? 2.5 : 1;
  return { width, height, log2 };
};

// No Math calls per value: jest's sandbox makes each global lookup slow.
const largestDifference = (a: Uint8Array, b: Uint8Array): number => {
  let largest = 0;
  for (let i = 0; i < a.length; i++) {
    const difference = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
    if (difference > largest) largest = difference;
  }
  return largest;
};

describe('rendering the listing look with the SIMD kernel', () => {
  const card = testCard(517, 530);

  it('has the kernel on this runtime', () => {
    expect(kernelModule('listing')).not.toBeNull();
  });

  it.each(Object.entries(plans))('agrees with the JavaScript loop within one code value: %s', (_, plan) => {
    const expected = renderListingJs(card, plan).data;
    const rendered = renderListing(card, plan).data;
    expect(largestDifference(rendered, expected)).toBeLessThanOrEqual(1);
  });

  it('reaches the highlight roll-off and the lift on the test card', () => {
    const bright = renderListing(card, plans['exposure 2.5, highlights past a low knee']).data;
    let rolledOff = 0;
    let lifted = 0;
    for (let i = 0; i < bright.length; i++) {
      if (bright[i] >= 200 && bright[i] < 255) rolledOff++;
      if (bright[i] > card.data[i] + 20) lifted++;
    }
    expect(rolledOff / bright.length).toBeGreaterThan(0.05);
    expect(lifted / bright.length).toBeGreaterThan(0.1);
  });

  it('renders in place, over the photo it reads', () => {
    const plan = plans['cool white balance, less saturation'];
    const expected = renderListing(card, plan).data;
    const copy = { ...card, data: card.data.slice() };
    const rendered = renderListing(copy, plan, copy.data);
    expect(rendered.data).toBe(copy.data);
    expect(largestDifference(rendered.data, expected)).toBe(0);
  });

  it('renders narrow photos whose rows end inside a group of four', () => {
    for (const width of [1, 2, 3, 5, 7]) {
      const narrow = testCard(width, 40);
      const plan = plans['warm white balance'];
      expect(
        largestDifference(renderListing(narrow, plan).data, renderListingJs(narrow, plan).data),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('renders with a headroom of none (a map that records nothing) exactly as without a gain map', () => {
    for (const plan of Object.values(plans).slice(0, 3)) {
      const none = { ...plan, logHeadroom: { width: 7, height: 5, log2: new Float32Array(35) } };
      expect(largestDifference(renderListing(card, none).data, renderListing(card, plan).data)).toBe(0);
      expect(largestDifference(renderListingJs(card, none).data, renderListingJs(card, plan).data)).toBe(0);
    }
  });

  it("brings back the detail a gain map records in a white the photo clipped, at the map's resolution", () => {
    // A blown window: all white in the photo; the map records the view's checks. A field that compresses the HDR
    // luminance (as the fusion fits over a window) shows them; without the map the window stays flat.
    const window = flatPhoto(64, 64, 255);
    const plan: RenderPlan = {
      gains: [1, 1, 1],
      exposure: 1,
      field: uniformField(-0.7, -1.2),
      logHeadroom: checkedHeadroom(16, 16),
      saturation: 1,
      knee: KNEE,
    };
    const shown = renderListing(window, plan).data;
    const at = (x: number, y: number) => shown[(y * 64 + x) * 3];
    // Check centres: (x, y) = (4, 4) is 1 stop, (12, 4) 2.5 stops; the brighter check stays brighter.
    expect(at(12, 4) - at(4, 4)).toBeGreaterThan(15);
    expect(at(12, 4)).toBeLessThan(250);
    const flat = renderListing(window, { ...plan, logHeadroom: undefined }).data;
    expect(Math.max(...flat) - Math.min(...flat)).toBe(0);
    expect(largestDifference(shown, renderListingJs(window, plan).data)).toBeLessThanOrEqual(1);
  });

  it('never pushes a pixel the field does not compress past white', () => {
    // A mid-grey wall under a map that (finer than the field) says it is 2 stops brighter: the field leaves it as is,
    // and the headroom alone would blow it.
    const wall = flatPhoto(40, 30, 150);
    const plan: RenderPlan = {
      gains: [1, 1, 1],
      exposure: 1,
      field: uniformField(0, 0),
      logHeadroom: { width: 10, height: 8, log2: new Float32Array(80).fill(2) },
      saturation: 1,
      knee: KNEE,
    };
    for (const render of [renderListing, renderListingJs]) {
      const data = render(wall, plan).data;
      expect(Math.max(...data)).toBeLessThan(250);
      expect(Math.min(...data)).toBeGreaterThan(150);
    }
  });

  it('falls back to the JavaScript loop where WebAssembly SIMD is missing', () => {
    const plan = plans['exposure 2.5, highlights past a low knee'];
    let fallback: typeof renderListing = renderListing;
    jest.isolateModules(() => {
      jest.doMock('./wasm-kernels', () => ({ kernelModule: () => null }));
      ({ renderListing: fallback } = jest.requireActual<typeof import('./listing-render')>('./listing-render'));
    });
    expect(largestDifference(fallback(card, plan).data, renderListingJs(card, plan).data)).toBe(0);
  });
});
