import { type BracketFrame, proposeBrackets } from '@listinglens/contracts';

/**
 * The widget's photos: the picked files (by key, in the order picked) as groups, each one photo. Groups the host made
 * by hand (`manual`: a split frame on its own, frames joined) stay as made; the other files are grouped by the shared
 * bracket proposal once they are read, and a file the browser could not read is a photo of its own.
 */
export type Manual = readonly (readonly number[])[];

export function groupPhotos(
  keys: readonly number[],
  frames: ReadonlyMap<number, BracketFrame>,
  manual: Manual,
): number[][] {
  const position = new Map(keys.map((key, index) => [key, index]));
  const fixed = manual.map((group) => group.filter((key) => position.has(key))).filter((group) => group.length > 0);
  const taken = new Set(fixed.flat());
  const free = keys.filter((key) => !taken.has(key));
  const readable = free.filter((key) => frames.has(key));
  const proposed = proposeBrackets(readable.map((key) => frames.get(key)!)).map((group) =>
    group.map((index) => readable[index]),
  );
  const unread = free.filter((key) => !frames.has(key)).map((key) => [key]);
  const byPosition = (a: number, b: number) => position.get(a)! - position.get(b)!;
  return [...fixed, ...proposed, ...unread]
    .map((group) => [...group].sort(byPosition))
    .sort((a, b) => byPosition(a[0], b[0]));
}

const without = (manual: Manual, keys: readonly number[]): Manual => {
  const gone = new Set(keys);
  return manual.map((group) => group.filter((key) => !gone.has(key))).filter((group) => group.length > 0);
};

/** Each frame of `photo` becomes a photo of its own, whatever the proposal would say. */
export const splitPhoto = (manual: Manual, photo: readonly number[]): Manual => [
  ...without(manual, photo),
  ...photo.map((key) => [key]),
];

/** The frames of `photos` become one photo. */
export const joinPhotos = (manual: Manual, photos: readonly (readonly number[])[]): Manual => [
  ...without(manual, photos.flat()),
  photos.flat(),
];

/** A removed file leaves the groups it was in. */
export const forgetFrames = (manual: Manual, keys: readonly number[]): Manual => without(manual, keys);
