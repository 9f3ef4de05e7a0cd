import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, VERIFICATION_SNIPPET } from '../domain/signature';
import { MAX_DELIVERY_ATTEMPTS, MAX_ENDPOINTS_PER_KEY, WEBHOOK_EVENT_TYPES } from '../domain/webhook-rules';

/** The create route's OpenAPI description: what is sent, how it is signed, and how to check it. */
export const WEBHOOKS_DESCRIPTION = `Registers an HTTPS URL to be called when this API key's user's work changes:
${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}. Call with \`Authorization: Bearer <api key>\`; the endpoint
belongs to that key (at most ${MAX_ENDPOINTS_PER_KEY} per key) and goes quiet when the key is revoked.

Each delivery is a \`POST\` with a JSON body \`{ "id": "evt_…", "type": "photo.completed", "created": "<ISO time>",
"data": { "order_id": …, "photo_id": …, "status": …, "order_url": …, "download_url": … } }\` and the headers:

- \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`: \`v1\` is the HMAC-SHA256, keyed with the endpoint's secret (the
  whole \`whsec_…\` string), of the timestamp, a dot and the raw body: \`HMAC(secret, t + "." + body)\`.
- \`${EVENT_ID_HEADER}\`: the event's id, the same on every attempt: a receiver that has seen it already answers
  2xx and does nothing (deliveries are at least once).
- \`${EVENT_TYPE_HEADER}\`: the event's type.

Answer 2xx within 10 seconds to acknowledge. Anything else (another status, a redirect, which is never followed, no
answer) is retried with doubling waits, ${MAX_DELIVERY_ATTEMPTS} attempts in all (by default 30 s, 1 min, 2 min, …,
the last about 4 hours after the first); \`GET /api/webhook-endpoints/{id}/deliveries\` shows each attempt.
URLs that are or resolve to loopback, private, link-local or other non-public addresses are refused.

Verify a delivery (Node.js), rejecting it when this returns false:

\`\`\`js
${VERIFICATION_SNIPPET}
\`\`\``;
