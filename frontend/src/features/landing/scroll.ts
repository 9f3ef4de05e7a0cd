/** Landing-page section ids; the header and footer link to them as /#id. */
export const SECTION_IDS = {
  signup: 'signup-form',
  howItWorks: 'how-it-works',
  testimonials: 'testimonials',
  beforeAfter: 'before-after',
  pricing: 'pricing',
  faq: 'faq',
} as const;

/** Delay before scrolling to the signup form after picking a package while signed out (spec section 9). */
export const SIGNUP_SCROLL_DELAY_MS = 100;

export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
