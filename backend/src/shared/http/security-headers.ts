import { type NextFunction, type Request, type Response } from 'express';

/**
 * The client needs only itself, Stripe.js (its script, its frames and its API) and the analytics host when one is
 * configured. Inline styles stay allowed: React and Radix position popovers and toasts with style attributes.
 */
export function contentSecurityPolicy(analyticsHost?: string): string {
  const analytics = analyticsHost ? analyticsOrigins(analyticsHost) : [];
  return [
    "default-src 'self'",
    ["script-src 'self' https://js.stripe.com", ...analytics].join(' '),
    ["connect-src 'self' https://api.stripe.com", ...analytics].join(' '),
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "img-src 'self' data: blob: https://*.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** PostHog serves its scripts from a sibling "-assets" host of its ingestion host (us.i.posthog.com). */
function analyticsOrigins(host: string): string[] {
  const origin = new URL(host).origin;
  const assets = origin.replace(/^https:\/\/(\w+)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
  return assets === origin ? [origin] : [origin, assets];
}

/** One year, the minimum browsers' preload lists accept. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every response: no framing, no sniffing, no referrer to other sites, the CSP, HSTS in production (the
 * public host is HTTPS there), and `no-store` on every API answer unless a route says otherwise: signed-in JSON must
 * not stay in a shared or browser cache.
 */
export function securityHeaders(options: { production: boolean; analyticsHost?: string }) {
  const csp = contentSecurityPolicy(options.analyticsHost);
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', csp);
    if (options.production) res.setHeader('Strict-Transport-Security', HSTS);
    if (/^\/api(\/|$)/i.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
