export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/**
 * Product analytics (spec section 4). Fire-and-forget: an adapter never throws into the caller's flow, because a
 * lost analytics event must not fail a purchase or an upload.
 */
export abstract class Analytics {
  abstract capture(event: string, distinctId: string | null, properties?: AnalyticsProperties): Promise<void>;
}
