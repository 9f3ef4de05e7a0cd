import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email?: string;
}

/**
 * A local stand-in for the few Stripe endpoints we call (Stripe itself is unreachable here). It speaks Stripe's
 * wire format: form-encoded requests, JSON answers, idempotency keys honoured.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; path: string; idempotencyKey?: string; body: URLSearchParams }[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: req.url!, idempotencyKey, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${randomBytes(4).toString('hex')}`,
        });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const known = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
        if (known) return send(200, intents.get(known));
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of body) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency')!,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
          receipt_email: body.get('receipt_email') ?? undefined,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
        return send(200, intent);
      }
      const get = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && get) {
        const intent = intents.get(get[1]);
        if (!intent) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such payment_intent: '${get[1]}'`,
            },
          });
        }
        return send(200, intent);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    /** What a customer completing the Payment Element does on Stripe's side. */
    succeed: (id: string) => (intents.get(id)!.status = 'succeeded'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
