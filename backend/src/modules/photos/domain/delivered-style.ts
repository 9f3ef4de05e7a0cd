import { ADJUSTMENT_STYLES, type AdjustmentStyle } from '@listinglens/contracts';

type Report = Record<string, unknown> | null | undefined;

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

const isStyle = (value: unknown): value is AdjustmentStyle =>
  typeof value === 'string' && (ADJUSTMENT_STYLES as readonly string[]).includes(value);

/**
 * The style of the version a host sees, named as the order and the adjustment panel name styles: the one the host
 * asked for in an adjustment, else the look chosen for the order, else the rendering that delivered it (the listing
 * look, or the learned model's rendering, which is the natural style). Null for a report that says none of these
 * (an engine before 3.0.0).
 */
export function deliveredStyle(report: Report): AdjustmentStyle | null {
  const corrections = field(report, 'corrections');
  for (const asked of [field(corrections, 'adjustments'), field(corrections, 'orderLook')]) {
    const style = field(asked, 'style');
    if (isStyle(style)) return style;
  }
  const pipeline = field(report, 'pipeline');
  if (pipeline === 'listing') return 'listing';
  if (pipeline === 'learned') return 'natural';
  return null;
}
