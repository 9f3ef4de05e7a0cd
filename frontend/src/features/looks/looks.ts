import { ADJUSTMENT_STYLES, type AdjustmentStyle } from '@listinglens/contracts';

export { DEFAULT_ADJUSTMENT_STYLE as DEFAULT_LOOK } from '@listinglens/contracts';

/** What the picker and the order page call each look, in a host's words (the panel's names, for the same styles). */
const LOOK_TEXT: Record<AdjustmentStyle, { label: string; description: string }> = {
  listing: { label: 'Listing look', description: 'Bright and true to life, with clean whites. Our default.' },
  natural: {
    label: 'Natural',
    description: "Our retouching model's softer rendering, close to the photo as taken. Takes a little longer.",
  },
  'bright-airy': { label: 'Bright & airy', description: 'Lighter and softer, with lifted shadows.' },
  warm: { label: 'Warm', description: 'Golden light for a cosy, welcoming feel.' },
};

/**
 * The looks an order can be given, in the API's order, each with its example: one licensed photo rendered by the
 * engine in that look (`npm run looks:examples`, docs/landing-assets.md), beside the photo as it was.
 */
export const LOOKS = ADJUSTMENT_STYLES.map((value) => ({ value, ...LOOK_TEXT[value], example: `/looks/${value}.jpg` }));

export const LOOK_EXAMPLE = {
  before: '/looks/before.jpg',
  width: 320,
  height: 240,
  credit: 'Example photo: Raashi Saxena (2019), Dollar Street, Gapminder, CC BY 4.0, enhanced by ListingLens',
};

/** The name of a look as the server sends it; an order from before looks existed has the listing look. */
export const lookLabel = (look: string | undefined): string =>
  (LOOK_TEXT[look as AdjustmentStyle] ?? LOOK_TEXT.listing).label;
