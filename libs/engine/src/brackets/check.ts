import {
  type Affine,
  type AlignPlane,
  IDENTITY,
  align,
  alignPlane,
  compose,
  type ResidualCell,
  orderAgreement,
  residualShifts,
  rotationDeg,
} from './align';
import {
  type BracketFrame,
  MAX_BRACKET_FRAMES,
  MIN_BRACKET_FRAMES,
  UnreadableFrame,
  byExposure,
  readFrame,
} from './frames';
import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR } from '../color';

export type BracketProblem =
  | 'too-few-frames'
  | 'too-many-frames'
  | 'different-sizes'
  | 'different-orientations'
  | 'different-scenes'
  | 'same-exposure'
  | 'unreadable';

/**
 * Whether frames make a bracket the engine can merge. `message` is one sentence for the host; `frameIndex` (0-based,
 * the upload's order) names the frame at fault when one is.
 */
export interface BracketCheck {
  ok: boolean;
  problem?: BracketProblem;
  message?: string;
  frameIndex?: number;
}

/** Long side of the copies checkBracket aligns: enough to tell one view from another, a few ms a frame. */
const CHECK_SIDE = 384;
/**
 * Share of nearby pixel pairs two aligned frames must order alike (align.ts, orderAgreement): frames of one view
 * score 0.93-1.0 on the 24 two-frame scenes, up to six stops apart; frames of different scenes 0.36-0.67.
 */
export const SAME_SCENE_AGREEMENT = 0.8;
/** Frames closer than this (stops) are the same exposure: by EXIF where both record it, by measured brightness. */
const SAME_EXPOSURE_EXIF_STOPS = 0.25;
const SAME_EXPOSURE_MEASURED_STOPS = 0.3;
/**
 * Least share of pixels neither clipped nor black a frame needs to be aligned and merged: a frame white all over
 * (4 s of a bright room) has nothing to add and nothing to align by; it is left out of the merge.
 */
const MIN_USABLE_SHARE = 0.03;
/** A transform beyond these is no handheld movement: the frames do not overlap. */
const MAX_ROTATION_DEG = 10;
const MAX_SCALE_CHANGE = 0.1;

/** A refused bracket; `problem` and `frameIndex` as in BracketCheck. */
export class BracketRefusal extends Error {
  constructor(
    readonly problem: BracketProblem,
    message: string,
    readonly frameIndex?: number,
  ) {
    super(message);
  }
}

const nth = (index: number) => `Frame ${index + 1}`;
const shape = (frame: { width: number; height: number }) =>
  frame.width > frame.height ? 'landscape' : frame.width < frame.height ? 'portrait' : 'square';

/** One frame of a planned bracket: where it sits against the reference and whether it takes part. */
export interface PlannedFrame extends BracketFrame {
  plane: AlignPlane;
  /** From the reference's pixels to this frame's, at the reduced copies' size (identity for the reference). */
  transform: Affine;
  /** Left out of the merge: clipped or black nearly all over. */
  unusable: boolean;
  /**
   * What the alignment to its neighbour left, per cell of a grid (align.ts, residualShifts), in the reduced copies'
   * pixels; measured only when asked for, empty for the reference.
   */
  residuals: ResidualCell[];
}

export interface BracketPlan {
  /** Darkest first. */
  frames: PlannedFrame[];
  /** Position in `frames` of the reference: the middle exposure (of the two middle ones, the better exposed). */
  reference: number;
}

/** Share of a reduced frame's pixels exposed well (luma 0.1-0.9, no channel clipped). */
const wellExposedShare = ({ data }: { data: Uint8Array }): number => {
  let count = 0;
  for (let i = 0; i < data.length; i += 3) {
    const y = (LUMA_R * data[i] + LUMA_G * data[i + 1] + LUMA_B * data[i + 2]) / 255;
    if (y > 0.1 && y < 0.9 && data[i] < 250 && data[i + 1] < 250 && data[i + 2] < 250) count++;
  }
  return count / (data.length / 3);
};

/** Stops between two frames' brightness over the pixels neither clips nor leaves black. */
const measuredStops = (darker: BracketFrame, brighter: BracketFrame): number => {
  const a = darker.small.data;
  const b = brighter.small.data;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 3) {
    const la = LUMA_R * SRGB_TO_LINEAR[a[i]] + LUMA_G * SRGB_TO_LINEAR[a[i + 1]] + LUMA_B * SRGB_TO_LINEAR[a[i + 2]];
    const lb = LUMA_R * SRGB_TO_LINEAR[b[i]] + LUMA_G * SRGB_TO_LINEAR[b[i + 1]] + LUMA_B * SRGB_TO_LINEAR[b[i + 2]];
    if (la < 0.002 || lb < 0.002 || la > 0.9 || lb > 0.9) continue;
    sumA += la;
    sumB += lb;
  }
  return sumA > 0 && sumB > 0 ? Math.abs(Math.log2(sumB / sumA)) : Infinity;
};

const usableShare = (plane: AlignPlane): number => {
  let count = 0;
  // The silhouette weight (align.ts) is what a clipped or black pixel keeps; usable pixels carry more.
  for (let p = 0; p < plane.weight.length; p++) if (plane.weight[p] > 0.5) count++;
  return count / plane.weight.length;
};

/**
 * Reads the frames at `side` and plans their merge, or throws BracketRefusal: the count, each frame readable, one
 * size and orientation, each a different exposure, and each showing the view of its neighbour towards the reference
 * once aligned to it (the transforms chained to the reference).
 */
export const planBracket = async (
  buffers: readonly Buffer[],
  side: number,
  { measure = false }: { measure?: boolean } = {},
): Promise<BracketPlan> => {
  if (buffers.length < MIN_BRACKET_FRAMES)
    throw new BracketRefusal(
      'too-few-frames',
      `A bracket needs at least ${MIN_BRACKET_FRAMES} frames of the same view; upload a single frame as a photo of its own.`,
    );
  if (buffers.length > MAX_BRACKET_FRAMES)
    throw new BracketRefusal(
      'too-many-frames',
      `A bracket can have at most ${MAX_BRACKET_FRAMES} frames; this one has ${buffers.length}.`,
    );
  const read: BracketFrame[] = [];
  // One at a time: a HEIC frame is decoded whole.
  for (const [index, buffer] of buffers.entries()) {
    try {
      read.push(await readFrame(buffer, index, side));
    } catch (error) {
      if (!(error instanceof UnreadableFrame)) throw error;
      throw new BracketRefusal('unreadable', `${nth(index)} cannot be read: ${error.message}`, index);
    }
  }
  const [first] = read;
  for (const frame of read.slice(1)) {
    if (frame.width === first.width && frame.height === first.height) continue;
    if (frame.width === first.height && frame.height === first.width)
      throw new BracketRefusal(
        'different-orientations',
        `${nth(frame.index)} is ${shape(frame)} and frame 1 is ${shape(first)}: every frame of a bracket must be taken the same way up.`,
        frame.index,
      );
    throw new BracketRefusal(
      'different-sizes',
      `${nth(frame.index)} is ${frame.width} x ${frame.height} pixels and frame 1 is ${first.width} x ${first.height}: every frame of a bracket must be the same size.`,
      frame.index,
    );
  }
  const sorted = byExposure(read);
  for (let k = 1; k < sorted.length; k++) {
    const [a, b] = [sorted[k - 1], sorted[k]];
    const exif = a.exposure !== null && b.exposure !== null ? Math.abs(Math.log2(b.exposure / a.exposure)) : null;
    if ((exif === null || exif < SAME_EXPOSURE_EXIF_STOPS) && measuredStops(a, b) < SAME_EXPOSURE_MEASURED_STOPS) {
      const [early, late] = a.index < b.index ? [a, b] : [b, a];
      // Two frames alike in brightness may be two views: say so first, it is what the host has to fix.
      alignToNeighbour(planned(early), planned(late), false);
      throw new BracketRefusal(
        'same-exposure',
        `Frames ${early.index + 1} and ${late.index + 1} have the same exposure: a bracket needs each frame taken at a different exposure.`,
        late.index,
      );
    }
  }
  const frames: PlannedFrame[] = sorted.map(planned);
  const middle = (frames.length - 1) / 2;
  const reference =
    Number.isInteger(middle) ||
    wellExposedShare(frames[Math.floor(middle)].small) > wellExposedShare(frames[Math.ceil(middle)].small)
      ? Math.floor(middle)
      : Math.ceil(middle);
  // Outwards from the reference on each side, each frame aligned to the nearest usable one towards it.
  for (const direction of [-1, 1]) {
    let anchor = reference;
    for (let k = reference + direction; k >= 0 && k < frames.length; k += direction) {
      const frame = frames[k];
      if (frame.unusable) continue;
      const toNeighbour = alignToNeighbour(frames[anchor], frame, measure);
      frame.transform = compose(toNeighbour.transform, frames[anchor].transform);
      frame.residuals = toNeighbour.residuals;
      anchor = k;
    }
  }
  return { frames, reference };
};

/** A frame with its alignment plane, not yet aligned. */
const planned = (frame: BracketFrame): PlannedFrame => {
  const plane = alignPlane(frame.small);
  return { ...frame, plane, transform: IDENTITY, unusable: usableShare(plane) < MIN_USABLE_SHARE, residuals: [] };
};

/**
 * The transform from `neighbour`'s pixels to `frame`'s, or BracketRefusal when the two do not show one view. A
 * frame several stops from its neighbour may share too little with it for the fit to find anything: where no
 * movement orders the pixels better than the fit's, none is taken (a tripod's frames do not move).
 */
const alignToNeighbour = (
  neighbour: PlannedFrame,
  frame: PlannedFrame,
  measure: boolean,
): { transform: Affine; residuals: ResidualCell[] } => {
  const { transform, matched } = align(neighbour.plane, frame.plane);
  const fitted = orderAgreement(neighbour.plane, frame.plane, transform);
  const still = orderAgreement(neighbour.plane, frame.plane, IDENTITY);
  const plausible =
    Math.abs(rotationDeg(transform)) <= MAX_ROTATION_DEG &&
    Math.abs(Math.hypot(transform[0], transform[3]) - 1) <= MAX_SCALE_CHANGE;
  const best = plausible && !(still >= fitted) ? transform : IDENTITY;
  const agreement = best === IDENTITY ? still : fitted;
  // NaN: no pair of pixels to compare (one frame nearly all clipped or black); nothing says the view differs.
  if (agreement < SAME_SCENE_AGREEMENT)
    throw new BracketRefusal(
      'different-scenes',
      `${nth(frame.index)} does not show the same view as frame ${neighbour.index + 1}: every frame of a bracket must be taken from the same spot.`,
      frame.index,
    );
  return { transform: best, residuals: measure ? residualShifts(neighbour.plane, matched, frame.plane, best) : [] };
};

/**
 * Checks frames as an upload receives them, before anything is stored or charged: reduced copies only (a few
 * hundred milliseconds for seven 12 MP JPEGs).
 */
export const checkBracket = async (frames: readonly Buffer[]): Promise<BracketCheck> => {
  try {
    await planBracket(frames, CHECK_SIDE);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof BracketRefusal)) throw error;
    return {
      ok: false,
      problem: error.problem,
      message: error.message,
      ...(error.frameIndex === undefined ? {} : { frameIndex: error.frameIndex }),
    };
  }
};
