/**
 * What the face worker and its caller share: the tiling and the messages. Its own module, so the caller never loads
 * the worker's entry, which starts the detector on whatever thread imports it (an enhancement thread's port would
 * receive the detector's replies).
 */

/** The detector's input side: SSD MobileNetV1 resizes whatever it gets to 512 x 512. */
export const TILE = 512;
/**
 * How far tiles overlap: a face up to this size lies wholly inside one tile of a level; a larger one is at least half
 * that on the next smaller level, where it again fits inside a tile, down to the level that is one tile.
 */
export const TILE_OVERLAP = 128;

/** One level of the pyramid; `scale` takes its pixels to the pyramid's largest level. */
export interface FaceLevel {
  width: number;
  height: number;
  data: Uint8Array;
  scale: number;
}
export interface FaceRequest {
  id: number;
  levels: FaceLevel[];
  minScore: number;
}
/** A face found, in the pyramid's largest level's pixels. */
export interface RawFace {
  x: number;
  y: number;
  w: number;
  h: number;
  score: number;
}
export type FaceReply =
  { id: number; faces: RawFace[] } | { id: number; error: string } | { ready: true } | { fatal: string };

/** Tile origins along one side: none beyond the edge, the last flush with it. */
export const tileStarts = (length: number): number[] => {
  if (length <= TILE) return [0];
  const stride = TILE - TILE_OVERLAP;
  const starts: number[] = [];
  for (let start = 0; start + TILE < length; start += stride) starts.push(start);
  starts.push(length - TILE);
  return starts;
};
