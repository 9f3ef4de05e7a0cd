import type { PrivacyBox } from './blur';

export type Box = Omit<PrivacyBox, 'kind'>;

/** Intersection over union. */
const iou = (a: Box, b: Box): number => {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.w * a.h + b.w * b.h - w * h);
};

/**
 * One box per thing found: finds that share more than a third of their joint area (one face seen on two tiles or
 * two levels) become the box holding both, so the blur covers whatever either saw. Overlap alone is not enough: a
 * large uncertain find would otherwise swallow the small faces inside it into one box the size of the room.
 */
export const mergeBoxes = (boxes: readonly Box[]): Box[] => {
  const merged: Box[] = [];
  for (const box of boxes) {
    let current = { ...box };
    for (let i = merged.length - 1; i >= 0; i--) {
      if (iou(current, merged[i]) <= 1 / 3) continue;
      const other = merged.splice(i, 1)[0];
      const x = Math.min(current.x, other.x);
      const y = Math.min(current.y, other.y);
      current = {
        x,
        y,
        w: Math.max(current.x + current.w, other.x + other.w) - x,
        h: Math.max(current.y + current.h, other.y + other.h) - y,
      };
      i = merged.length;
    }
    merged.push(current);
  }
  return merged;
};
