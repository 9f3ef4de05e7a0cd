/**
 * The looks a host can ask for when a delivered photo is rendered again, in the order they are offered. One list for
 * the panel and the API, so neither offers or accepts a style the other does not know.
 * - `listing`: the listing look, as delivered (what a request starts from);
 * - `natural`: the retouching model's softer rendering (slower; its weights carry research-only terms, see
 *   docs/enhancement.md);
 * - `bright-airy`: brighter still, lifted shadows, softer colour;
 * - `warm`: golden light.
 */
export const ADJUSTMENT_STYLES = ['listing', 'natural', 'bright-airy', 'warm'] as const;
export type AdjustmentStyle = (typeof ADJUSTMENT_STYLES)[number];

export const DEFAULT_ADJUSTMENT_STYLE: AdjustmentStyle = 'listing';
