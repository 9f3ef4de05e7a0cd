import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  eventId: string;
  eventType: string;
  body: { id: string; type: string; created: string; data: Record<string, unknown> };
  /** Whether `ListingLens-Signature` is a valid HMAC of "<t>.<raw body>" under the path's secret. */
  verified: boolean;
  status: number;
}

/**
 * An integrator's endpoint on 127.0.0.1: checks every delivery's signature against the secret registered for its
 * path, and answers each path's next status from a script (200 once the script runs out).
 */
export async function startWebhookReceiver() {
  const secrets = new Map<string, string>();
  const scripts = new Map<string, number[]>();
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const header = String(req.headers['listinglens-signature'] ?? '');
      const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=', 2))) as Record<string, string>;
      const expected = createHmac('sha256', secrets.get(path) ?? '')
        .update(`${t}.${raw}`)
        .digest('hex');
      const verified =
        Boolean(v1) &&
        v1.length === expected.length &&
        timingSafeEqual(Buffer.from(v1), Buffer.from(expected)) &&
        Math.abs(Date.now() / 1000 - Number(t)) < 300;
      const status = scripts.get(path)?.shift() ?? 200;
      received.push({
        path,
        eventId: String(req.headers['listinglens-event-id']),
        eventType: String(req.headers['listinglens-event-type']),
        body: JSON.parse(raw),
        verified,
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    /** The secret the endpoint at `path` was given, to check its deliveries with. */
    trust: (path: string, secret: string) => secrets.set(path, secret),
    /** The statuses `path` answers next, in order. */
    answer: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
