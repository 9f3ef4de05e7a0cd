import { type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { clientWentAway } from './client-gone';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The web client asks `GET /api/auth/me` on every page; a visitor who is not signed in (or whose session ended) is
 * answered 401, which is routine and logged at debug. Any other 401 is a refused request and stays a warning.
 */
function isSessionCheck(req: IncomingMessage & { originalUrl?: string }): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0].toLowerCase().replace(/\/+$/, '');
  return req.method === 'GET' && path === '/api/auth/me';
}

/** One log line per request with a request id, taken from X-Request-Id when a proxy sent a sane one. */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      // Routine: a client that left before its response finished (counted in the metrics), a visitor's session check.
      if (clientWentAway(res) || (res.statusCode === 401 && isSessionCheck(req))) return 'debug';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
