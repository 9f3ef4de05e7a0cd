import { type GreyImage, hammingDistance } from './photo-checks';

/**
 * Exposure brackets: 2 to 7 frames of one view at different exposures, merged into one delivered photo that costs one
 * credit. The upload widget proposes which picked files are one bracket with `proposeBrackets` before credits are
 * spent and the host can split or join them by hand; the server takes the grouping the request names (`group`) and
 * checks each bracket itself before anything is stored. Plain functions over what a frame's EXIF says and a small grey
 * copy of it, no Node or DOM imports, so the browser and the server read frames the same way.
 */

/** A bracket has this many frames at least and at most (the engine merges no more). */
export const MIN_BRACKET_FRAMES = 2;
export const MAX_BRACKET_FRAMES = 7;
/**
 * Consecutive frames of a bracket were taken at most this far apart. A phone's or a camera's auto bracketing takes its
 * frames within a second or two; a host stepping to the next view takes longer than this.
 */
export const BRACKET_MAX_GAP_MS = 10_000;
/** Two exposures (time x ISO / f-number², or the EXIF bias) this many stops apart or more are different exposures. */
export const MIN_EXPOSURE_STEP_EV = 0.3;
/** Without EXIF exposure, two frames whose mean luma (0-255) differs this much are different exposures. */
export const MIN_BRIGHTNESS_STEP = 8;
/**
 * Two scene hashes this many bits apart (of 120) or closer show the same view. Measured on the 24 two-frame pairs of
 * the shared bracket set (frames 2 to 5 stops apart): 22 pairs are 0-14 bits apart, one 28, one 41 (its bright frame
 * almost all white); frames of different views are 34 or more apart.
 */
export const SAME_SCENE_HAMMING_DISTANCE = 30;

/** What grouping reads of one picked frame. Width and height are upright (EXIF orientation applied). */
export interface BracketFrame {
  /** EXIF make and model, when the file has them. */
  camera?: string;
  width: number;
  height: number;
  /** EXIF capture time (with its sub-seconds), in milliseconds; frames without one are never grouped on their own. */
  capturedAt?: number;
  /** EXIF exposure time in seconds, f-number, ISO and exposure bias (EV), each when present. */
  exposureTime?: number;
  fNumber?: number;
  iso?: number;
  exposureBias?: number;
  /** Mean luma 0-255 of the grey copy. */
  brightness: number;
  /** `sceneHash` of the grey copy. */
  sceneHash: string;
}

const CELL_COLUMNS = 9;
const CELL_ROWS = 8;

/**
 * A hash of what the frame shows that an exposure change barely moves: the grey copy's levels are replaced by their
 * rank (histogram equalisation), so a darker or brighter frame of the same view has nearly the same picture, then
 * averaged into 9 x 8 cells, one bit per pair of horizontal and of vertical neighbours (120 bits, 30 hex digits).
 * The photo checks' difference hash is not used: two stops apart, its bits move as much as for another room.
 */
export function sceneHash(grey: GreyImage): string {
  const histogram = new Float64Array(256);
  for (let i = 0; i < grey.data.length; i++) histogram[grey.data[i]]++;
  const rank = new Float64Array(256);
  for (let level = 0, below = 0; level < 256; level++) {
    rank[level] = below + histogram[level] / 2;
    below += histogram[level];
  }
  const sums = new Float64Array(CELL_COLUMNS * CELL_ROWS);
  const counts = new Float64Array(CELL_COLUMNS * CELL_ROWS);
  for (let y = 0; y < grey.height; y++) {
    const row = Math.min(CELL_ROWS - 1, Math.floor((y * CELL_ROWS) / grey.height));
    for (let x = 0; x < grey.width; x++) {
      const cell = row * CELL_COLUMNS + Math.min(CELL_COLUMNS - 1, Math.floor((x * CELL_COLUMNS) / grey.width));
      sums[cell] += rank[grey.data[y * grey.width + x]];
      counts[cell] += 1;
    }
  }
  const mean = (cell: number) => (counts[cell] ? sums[cell] / counts[cell] : 0);
  const bits: number[] = [];
  for (let row = 0; row < CELL_ROWS; row++) {
    for (let col = 0; col < CELL_COLUMNS - 1; col++) {
      const cell = row * CELL_COLUMNS + col;
      bits.push(mean(cell) > mean(cell + 1) ? 1 : 0);
      if (row < CELL_ROWS - 1) bits.push(mean(cell) > mean(cell + CELL_COLUMNS) ? 1 : 0);
    }
  }
  let hex = '';
  for (let i = 0; i < bits.length; i += 4)
    hex += ((bits[i] << 3) | (bits[i + 1] << 2) | (bits[i + 2] << 1) | bits[i + 3]).toString(16);
  return hex;
}

/** The exposure a frame's EXIF records, in stops (log2 of time x ISO / f-number²), when it records time and ISO. */
function exposureStops(frame: BracketFrame): number | undefined {
  const { exposureTime, iso, fNumber } = frame;
  if (!(exposureTime && exposureTime > 0 && iso && iso > 0)) return undefined;
  const aperture = fNumber && fNumber > 0 ? fNumber : 1;
  return Math.log2((exposureTime * iso) / (aperture * aperture));
}

/** EXIF exposure where both frames have it, the bias where both have that, the measured brightness otherwise. */
export function differentExposures(a: BracketFrame, b: BracketFrame): boolean {
  const [stopsA, stopsB] = [exposureStops(a), exposureStops(b)];
  if (stopsA !== undefined && stopsB !== undefined) return Math.abs(stopsA - stopsB) >= MIN_EXPOSURE_STEP_EV;
  if (a.exposureBias !== undefined && b.exposureBias !== undefined) {
    return Math.abs(a.exposureBias - b.exposureBias) >= MIN_EXPOSURE_STEP_EV;
  }
  return Math.abs(a.brightness - b.brightness) >= MIN_BRIGHTNESS_STEP;
}

export const sameScene = (a: BracketFrame, b: BracketFrame): boolean =>
  a.sceneHash.length > 0 &&
  a.sceneHash.length === b.sceneHash.length &&
  hammingDistance(a.sceneHash, b.sceneHash) <= SAME_SCENE_HAMMING_DISTANCE;

/** Can `frame` join the bracket `group` (frames in capture order)? */
function joins(group: readonly BracketFrame[], frame: BracketFrame): boolean {
  const last = group[group.length - 1];
  return (
    group.length < MAX_BRACKET_FRAMES &&
    frame.camera === last.camera &&
    frame.width === last.width &&
    frame.height === last.height &&
    frame.capturedAt! - last.capturedAt! <= BRACKET_MAX_GAP_MS &&
    // Like any frame of it: the darkest and the brightest frame of a wide bracket may share little but their mid one.
    group.some((member) => sameScene(member, frame)) &&
    // Two frames at one exposure are two shots (a burst, a retake), not a bracket.
    group.every((member) => differentExposures(member, frame))
  );
}

/**
 * Which of the picked frames are one bracket: frames from one camera, of one size, taken at most BRACKET_MAX_GAP_MS
 * after the one before, at different exposures and of the same view, at most MAX_BRACKET_FRAMES. Frames are taken in
 * capture order; one that cannot join the bracket being built starts the next. The answer is a partition of the
 * indices of `frames`: each group is one photo (a single frame is an ordinary photo), in the order of its first frame
 * in `frames`, its frames in that order too. A frame without a capture time stays on its own.
 */
export function proposeBrackets(frames: readonly BracketFrame[]): number[][] {
  const timed = frames
    .map((frame, index) => ({ frame, index }))
    .filter(({ frame }) => frame.capturedAt !== undefined && Number.isFinite(frame.capturedAt))
    .sort((a, b) => a.frame.capturedAt! - b.frame.capturedAt! || a.index - b.index);
  const groups: number[][] = [];
  let building: { frames: BracketFrame[]; indices: number[] } | undefined;
  for (const { frame, index } of timed) {
    if (building && joins(building.frames, frame)) {
      building.frames.push(frame);
      building.indices.push(index);
      continue;
    }
    building = { frames: [frame], indices: [index] };
    groups.push(building.indices);
  }
  const grouped = new Set(groups.flat());
  frames.forEach((_frame, index) => {
    if (!grouped.has(index)) groups.push([index]);
  });
  return groups.map((group) => [...group].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
}

/** Mean luma (0-255) of a well exposed room photo, to choose between a bracket's two middle frames. */
export const REFERENCE_BRIGHTNESS = 118;

/**
 * The frame that stands for a bracket, as the engine's merge takes it: the middle exposure (frames ordered by mean
 * luma), and of an even count's two middle frames the one nearer a well exposed room. It is the photo's original and
 * its "before", its preview in the upload widget and what its photo checks look at.
 */
export function referenceFrame(frames: readonly Pick<BracketFrame, 'brightness'>[]): number {
  const order = frames.map((_frame, index) => index).sort((a, b) => frames[a].brightness - frames[b].brightness);
  const [lower, upper] = [order[Math.floor((order.length - 1) / 2)], order[Math.ceil((order.length - 1) / 2)]];
  const distance = (index: number) => Math.abs(frames[index].brightness - REFERENCE_BRIGHTNESS);
  return distance(upper) < distance(lower) ? upper : lower;
}

/** Why the host cannot join these frames into one bracket by hand, or null when they can (the server checks more). */
export function joinProblem(frames: readonly Pick<BracketFrame, 'width' | 'height'>[]): string | null {
  if (frames.length > MAX_BRACKET_FRAMES) return `A bracket has at most ${MAX_BRACKET_FRAMES} frames.`;
  const [first] = frames;
  const portrait = (f: Pick<BracketFrame, 'width' | 'height'>) => f.height > f.width;
  if (frames.some((f) => portrait(f) !== portrait(first))) {
    return 'These frames have different orientations: a bracket is one view, all landscape or all portrait.';
  }
  if (frames.some((f) => f.width !== first.width || f.height !== first.height)) {
    return 'These frames have different sizes: a bracket is frames of one view from one camera.';
  }
  return null;
}
