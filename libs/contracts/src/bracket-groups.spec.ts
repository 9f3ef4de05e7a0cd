import {
  type BracketFrame,
  differentExposures,
  joinProblem,
  MAX_BRACKET_FRAMES,
  proposeBrackets,
  referenceFrame,
  SAME_SCENE_HAMMING_DISTANCE,
  sceneHash,
} from './bracket-groups';
import { type GreyImage, hammingDistance } from './photo-checks';

const grey = (width: number, height: number, at: (x: number, y: number) => number): GreyImage => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = Math.max(0, Math.min(255, Math.round(at(x, y))));
  }
  return { width, height, data };
};

/** A room in linear light: a bright window on the left, a dark sofa low on the right, a lamp, soft walls. */
const room = (x: number, y: number) => {
  if (x > 8 && x < 26 && y > 6 && y < 30) return 1;
  if (x > 40 && y > 34) return 0.03;
  if ((x - 52) ** 2 + (y - 12) ** 2 < 20) return 0.6;
  return 0.08 + 0.002 * x + 0.001 * y;
};
/** The same room at `stops` of exposure, with a 2.2 gamma and clipping, as a camera writes it. */
const shot = (stops: number, scene = room) =>
  grey(64, 48, (x, y) => 255 * Math.min(1, scene(x, y) * 2 ** stops) ** (1 / 2.2));
const otherRoom = (x: number, y: number) => (y < 20 ? 0.5 : x < 32 ? 0.05 : 0.2) + 0.003 * ((x * 7 + y * 3) % 11);

const T0 = Date.UTC(2025, 5, 1, 10, 0, 0);
const frame = (overrides: Partial<BracketFrame> = {}): BracketFrame => ({
  camera: 'Google Pixel 8',
  width: 4000,
  height: 3000,
  capturedAt: T0,
  exposureTime: 1 / 60,
  fNumber: 1.7,
  iso: 100,
  brightness: 120,
  sceneHash: sceneHash(shot(0)),
  ...overrides,
});
/** An auto bracket of the room at these stops, one frame every 400 ms from `start`. */
const bracket = (stops: number[], start = T0, overrides: Partial<BracketFrame> = {}) =>
  stops.map((ev, i) =>
    frame({
      capturedAt: start + i * 400,
      exposureTime: 2 ** ev / 60,
      exposureBias: ev,
      brightness: 120 + ev * 40,
      sceneHash: sceneHash(shot(ev)),
      ...overrides,
    }),
  );

describe('scene hash', () => {
  it('stays close across exposures of one view and far from another view', () => {
    const hashes = [-2, -1, 0, 1, 2].map((ev) => sceneHash(shot(ev)));
    for (const hash of hashes) {
      expect(hash).toMatch(/^[0-9a-f]{30}$/);
      expect(hammingDistance(hash, hashes[2])).toBeLessThanOrEqual(SAME_SCENE_HAMMING_DISTANCE);
    }
    expect(hammingDistance(sceneHash(shot(0, otherRoom)), hashes[2])).toBeGreaterThan(SAME_SCENE_HAMMING_DISTANCE);
  });
});

describe('exposure differences', () => {
  it('go by EXIF time x ISO / f-number² first, then the bias, then the measured brightness', () => {
    // A third of a stop by ISO alone, brightness alike: different.
    expect(differentExposures(frame({ iso: 100 }), frame({ iso: 126 }))).toBe(true);
    // The same time and ISO are the same exposure, whatever the brightness measured.
    expect(differentExposures(frame({ brightness: 60 }), frame({ brightness: 200 }))).toBe(false);
    const noTime = { exposureTime: undefined };
    expect(differentExposures(frame({ ...noTime, exposureBias: -1 }), frame({ ...noTime, exposureBias: 1 }))).toBe(
      true,
    );
    expect(differentExposures(frame({ ...noTime, brightness: 100 }), frame({ ...noTime, brightness: 104 }))).toBe(
      false,
    );
    expect(differentExposures(frame({ ...noTime, brightness: 100 }), frame({ ...noTime, brightness: 140 }))).toBe(true);
  });
});

describe('proposed brackets', () => {
  it('group an auto bracket of three into one photo and leave the photos around it alone', () => {
    const frames = [
      frame({ capturedAt: T0 - 60_000, sceneHash: sceneHash(shot(0, otherRoom)) }),
      ...bracket([0, -2, 2], T0),
      frame({ capturedAt: T0 + 45_000, sceneHash: sceneHash(shot(0, otherRoom)) }),
    ];
    expect(proposeBrackets(frames)).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('keep the frames in the order they were picked, whatever order they were taken in', () => {
    const [a, b, c] = bracket([-2, 0, 2]);
    expect(proposeBrackets([c, frame({ capturedAt: undefined }), a, b])).toEqual([[0, 2, 3], [1]]);
  });

  it('start a new bracket past the time gap, another camera, another size or another view', () => {
    const [a, b] = bracket([0, -2]);
    expect(proposeBrackets([a, { ...b, capturedAt: T0 + 10_001 }])).toEqual([[0], [1]]);
    expect(proposeBrackets([a, { ...b, capturedAt: T0 + 10_000 }])).toEqual([[0, 1]]);
    expect(proposeBrackets([a, { ...b, camera: 'Apple iPhone 15' }])).toEqual([[0], [1]]);
    expect(proposeBrackets([a, { ...b, width: 3000, height: 4000 }])).toEqual([[0], [1]]);
    expect(proposeBrackets([a, { ...b, sceneHash: sceneHash(shot(-2, otherRoom)) }])).toEqual([[0], [1]]);
  });

  it('never put two frames of one exposure in a bracket: a burst stays separate photos', () => {
    const burst = [0, 1, 2].map((i) => frame({ capturedAt: T0 + i * 200 }));
    expect(proposeBrackets(burst)).toEqual([[0], [1], [2]]);
    // A bracket shot twice in a row is two brackets.
    expect(proposeBrackets([...bracket([0, -2, 2]), ...bracket([0, -2, 2], T0 + 1500)])).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it(`hold a bracket to ${MAX_BRACKET_FRAMES} frames`, () => {
    const nine = bracket([-4, -3, -2, -1, 0, 1, 2, 3, 4].map((ev) => ev / 2));
    expect(proposeBrackets(nine)).toEqual([
      [0, 1, 2, 3, 4, 5, 6],
      [7, 8],
    ]);
  });

  it('leave frames without a capture time as photos of their own', () => {
    expect(proposeBrackets(bracket([0, -2, 2], T0, { capturedAt: undefined }))).toEqual([[0], [1], [2]]);
  });

  it('use the measured brightness when the files carry no exposure', () => {
    const frames = bracket([0, -2, 2], T0, { exposureTime: undefined, iso: undefined, exposureBias: undefined });
    expect(proposeBrackets(frames)).toEqual([[0, 1, 2]]);
    // The same brightness without EXIF exposure: two shots of the view, not a bracket.
    expect(proposeBrackets(frames.map((f) => ({ ...f, brightness: 120 })))).toEqual([[0], [1], [2]]);
  });

  it('take a wide bracket whose darkest and brightest frames look alike only through the middle one', () => {
    // 28 bits from the middle frame each, 56 from each other.
    const hashes: Record<number, string> = {
      [-3]: '0'.repeat(30),
      0: 'f'.repeat(7) + '0'.repeat(23),
      3: 'f'.repeat(14) + '0'.repeat(16),
    };
    const wide = (order: number[]) => bracket(order).map((f, i) => ({ ...f, sceneHash: hashes[order[i]] }));
    expect(proposeBrackets(wide([0, -3, 3]))).toEqual([[0, 1, 2]]);
    expect(proposeBrackets(wide([-3, 0, 3]))).toEqual([[0, 1, 2]]);
  });
});

describe('reference frame', () => {
  it('is the middle exposure, whatever order the frames were picked in', () => {
    expect(referenceFrame([{ brightness: 230 }, { brightness: 40 }, { brightness: 150 }])).toBe(2);
    // Not the frame nearest a good exposure: the middle of the bracket, as the engine merges it.
    expect(referenceFrame([{ brightness: 20 }, { brightness: 60 }, { brightness: 115 }])).toBe(1);
  });

  it('of two middle frames, takes the one nearer a well exposed room', () => {
    expect(referenceFrame([{ brightness: 30 }, { brightness: 200 }])).toBe(1);
    expect(referenceFrame([{ brightness: 20 }, { brightness: 100 }, { brightness: 160 }, { brightness: 240 }])).toBe(1);
  });
});

describe('joining frames by hand', () => {
  it('takes frames of one size and refuses more than a bracket holds or mixed sizes and orientations', () => {
    const landscape = { width: 4000, height: 3000 };
    expect(joinProblem([landscape, landscape])).toBeNull();
    expect(joinProblem(Array.from({ length: 8 }, () => landscape))).toBe('A bracket has at most 7 frames.');
    expect(joinProblem([landscape, { width: 3000, height: 4000 }])).toBe(
      'These frames have different orientations: a bracket is one view, all landscape or all portrait.',
    );
    expect(joinProblem([landscape, { width: 2000, height: 1500 }])).toBe(
      'These frames have different sizes: a bracket is frames of one view from one camera.',
    );
  });
});
