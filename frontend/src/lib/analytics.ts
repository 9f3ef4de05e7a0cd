/**
 * Product analytics interface (spec section 4, "Analytics events tracked"). Screens call these functions at the
 * moments the spec names; for now they send nothing, and the analytics issue will back them with the server's
 * Analytics port without any caller changing.
 */

export type AnalyticsEvent =
  | 'Page View'
  | 'User Signup'
  | 'User Login'
  | 'User Logout'
  | 'Contact Form Submission'
  | 'Package View'
  | 'Package Select'
  | 'Purchase Start'
  | 'Purchase Complete'
  | 'Photo Upload Start'
  | 'Photo Upload Complete'
  | 'Photo Processing Start'
  | 'Photo Processing Complete'
  | 'Photo Download'
  | 'Batch Download'
  | 'Order Completion';

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;

export function track(_event: AnalyticsEvent, _props: AnalyticsProps = {}): void {
  // Intentionally inert until the analytics issue connects it.
}

export function trackPageView(path: string): void {
  track('Page View', { path });
}
