/**
 * Readers for the engine report stored with a photo (JSON written by whichever engine version enhanced it): a field
 * an older version did not write, or wrote differently, reads as undefined instead of failing.
 */
export type ReportObject = Record<string, unknown>;

export const reportObject = (value: unknown): ReportObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as ReportObject) : undefined;

export const reportNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
