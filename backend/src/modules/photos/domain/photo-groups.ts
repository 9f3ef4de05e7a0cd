import { MAX_BRACKET_FRAMES, MIN_BRACKET_FRAMES } from '@listinglens/contracts';
import { BadRequestError } from '../../../shared/errors/app-error';

/**
 * How an upload says which files are one photo: a `group` field right before a `photos` file names the group the
 * file belongs to, and the files of one group (an exposure bracket, sent one after another) are one photo, one credit.
 * A file without a group field is a photo of its own.
 */

/** A group's name: the client's, echoed in messages and the response; never part of a storage key. */
export const GROUP_LABEL = /^[A-Za-z0-9_.-]{1,64}$/;

const BRACKET_SIZE = `${MIN_BRACKET_FRAMES} to ${MAX_BRACKET_FRAMES} frames of the same view`;

const frameList = (names: readonly string[]) => names.join(', ');

export const groupErrors = {
  badLabel: () =>
    new BadRequestError('INVALID_GROUP', 'group must be 1 to 64 letters, digits, dots, dashes or underscores.'),
  labelWithoutPhoto: () =>
    new BadRequestError('GROUP_WITHOUT_PHOTO', 'Send each group field right before the photo it names.'),
  framesApart: (label: string) =>
    new BadRequestError('BRACKET_FRAMES_APART', `Send the frames of group "${label}" one after another.`),
  oneFrame: (label: string, name: string) =>
    new BadRequestError(
      'BRACKET_ONE_FRAME',
      `Group "${label}" has only one frame (${name}): a bracket is ${BRACKET_SIZE}. ` +
        'Send a single photo without a group.',
    ),
  tooManyFrames: (label: string) =>
    new BadRequestError(
      'BRACKET_TOO_MANY_FRAMES',
      `Group "${label}" has more than ${MAX_BRACKET_FRAMES} frames: a bracket is ${BRACKET_SIZE}.`,
    ),
  /** The engine's check refused the frames; `problem` is its kebab-case reason, `message` its sentence. */
  refused: (label: string, names: readonly string[], problem: string, message: string) =>
    new BadRequestError(
      `BRACKET_${problem.toUpperCase().replace(/-/g, '_')}`,
      `Group "${label}" (${frameList(names)}): ${message}`,
    ),
};

export function parseGroupLabel(value: string): string {
  if (!GROUP_LABEL.test(value)) throw groupErrors.badLabel();
  return value;
}

/**
 * The bookkeeping of one upload's groups, file by file: which bracket is open, which labels are finished, how many
 * photos (not files) the upload holds so far. It throws the upload's error as soon as the files break a rule, before
 * the offending file is stored.
 */
export class UploadGroups {
  private open: { label: string; frames: number } | undefined;
  private readonly finished = new Set<string>();
  private photoCount = 0;

  constructor(private readonly photosRemaining: number) {}

  /** Photos so far, an open bracket counting as one. */
  get photos(): number {
    return this.photoCount;
  }

  /** The label of the bracket being received, if any. */
  get openLabel(): string | undefined {
    return this.open?.label;
  }

  /**
   * A file arrives with `label` (or none). `closesBracket` is true when it ends the open bracket (the caller checks
   * and finishes that bracket first); `frame` is its frame number (1-7) in its bracket, or undefined for a photo of
   * its own. Throws tooManyPhotos's error through `tooMany` when a new photo is one more than the order can take.
   */
  place(
    label: string | undefined,
    tooMany: (remaining: number) => Error,
  ): { closesBracket: boolean; frame: number | undefined } {
    const closesBracket = this.open !== undefined && this.open.label !== label;
    if (closesBracket) {
      this.finished.add(this.open!.label);
      this.open = undefined;
    }
    if (label === undefined) {
      this.startPhoto(tooMany);
      return { closesBracket, frame: undefined };
    }
    if (!this.open) {
      if (this.finished.has(label)) throw groupErrors.framesApart(label);
      this.startPhoto(tooMany);
      this.open = { label, frames: 0 };
    }
    if (this.open.frames >= MAX_BRACKET_FRAMES) throw groupErrors.tooManyFrames(label);
    this.open.frames += 1;
    return { closesBracket, frame: this.open.frames };
  }

  private startPhoto(tooMany: (remaining: number) => Error): void {
    if (this.photoCount >= this.photosRemaining) throw tooMany(this.photosRemaining);
    this.photoCount += 1;
  }
}
