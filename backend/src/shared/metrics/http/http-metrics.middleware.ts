import { type Request, type RequestHandler } from 'express';
import { clientWentAway } from '../../http/client-gone';
import { type AppMetrics } from '../app-metrics';

/**
 * Counts and times every response by route template, and counts the responses a client left before they finished.
 * Plain Express middleware rather than a Nest interceptor: it also sees 404s, body-parser refusals and errors thrown
 * by guards, which never reach an interceptor.
 */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeHttp({ method: methodLabel(req.method), route: routeLabel(req), status: res.statusCode }, seconds);
    });
    // A response that never finishes is not in http_requests_total; one the client left is counted here instead.
    res.once('close', () => {
      if (clientWentAway(res)) metrics.observeClientAbort({ method: methodLabel(req.method), route: routeLabel(req) });
    });
    next();
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Clients choose the method token; anything unusual shares one label so it cannot grow the series. */
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/**
 * The matched route's template (`/api/orders/:id`), never the URL: ids in a label would make one series per order
 * and put them in every scrape. Express sets `req.route` once a route matches, and keeps it while Nest runs the
 * guards, the handler and the exception filter there. Anything else is `unmatched` under /api (unknown routes and
 * requests refused before routing, such as a malformed body) or `client` (the web client's files and pages).
 */
function routeLabel(req: Request): string {
  const template: unknown = req.route?.path;
  if (typeof template === 'string') return `${req.baseUrl}${template}`;
  const path = req.originalUrl.split('?')[0];
  return path === '/api' || path.startsWith('/api/') ? 'unmatched' : 'client';
}
