/**
 * The looks a host can choose for a whole order when buying, and ask for when a delivered photo is rendered again, in
 * the order they are offered. One list for the look picker, the adjustment panel and the API, so none of them offers
 * or accepts a style another does not know.
 * - `listing`: the listing look, as delivered (what a request starts from);
 * - `natural`: the retouching model's softer rendering (slower; its weights carry research-only terms, see
 *   docs/enhancement.md);
 * - `bright-airy`: brighter still, lifted shadows, softer colour;
 * - `warm`: golden light.
 */
export const ADJUSTMENT_STYLES = ['listing', 'natural', 'bright-airy', 'warm'] as const;
export type AdjustmentStyle = (typeof ADJUSTMENT_STYLES)[number];

export const DEFAULT_ADJUSTMENT_STYLE: AdjustmentStyle = 'listing';

export const isAdjustmentStyle = (value: unknown): value is AdjustmentStyle =>
  typeof value === 'string' && (ADJUSTMENT_STYLES as readonly string[]).includes(value);
