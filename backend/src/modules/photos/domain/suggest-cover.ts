import { reportNumber, reportObject } from '../../../shared/delivery/report-fields';

/**
 * The cover-photo suggestion for each order: among its delivered landscape photos (listing sites crop covers to
 * landscape), the one the engine's own after-measurements rate best: exposure near the middle, few clipped
 * highlights or shadows, neutral greys, little noise. Orders with no delivered landscape photo get none.
 */
export interface CoverCandidate {
  id: number;
  orderId: string;
  status: string;
  purgedAt: Date | null;
  enhancementReport: Record<string, unknown> | null;
}

/** Higher is better; undefined for a photo that cannot be a cover (portrait, not delivered, no measurements). */
export function coverScore(photo: CoverCandidate): number | undefined {
  if (photo.status !== 'completed' || photo.purgedAt) return undefined;
  const report = photo.enhancementReport;
  const output = reportObject(report?.output);
  const after = reportObject(report?.after);
  const width = reportNumber(output?.width);
  const height = reportNumber(output?.height);
  if (!after || !width || !height || width <= height) return undefined;
  const meanLuma = reportNumber(after.meanLuma) ?? 0.5;
  return (
    -4 * Math.abs(meanLuma - 0.5) -
    20 * (reportNumber(after.clippedHighlights) ?? 0) -
    20 * (reportNumber(after.clippedShadows) ?? 0) -
    (reportNumber(after.cast) ?? 0) / 10 -
    (reportNumber(after.noise) ?? 0) / 10
  );
}

/** One suggested cover per order (the first best on ties, so the suggestion is stable). */
export function suggestCovers(photos: CoverCandidate[]): Set<number> {
  const best = new Map<string, { id: number; score: number }>();
  for (const photo of photos) {
    const score = coverScore(photo);
    if (score === undefined) continue;
    const current = best.get(photo.orderId);
    if (!current || score > current.score) best.set(photo.orderId, { id: photo.id, score });
  }
  return new Set([...best.values()].map((b) => b.id));
}
