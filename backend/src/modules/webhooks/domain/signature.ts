import { createHmac, randomBytes } from 'node:crypto';

/** Marks a webhook signing secret, so people and secret scanners can tell what leaked. */
export const SECRET_MARKER = 'whsec_';

export const SIGNATURE_HEADER = 'ListingLens-Signature';
export const EVENT_ID_HEADER = 'ListingLens-Event-Id';
export const EVENT_TYPE_HEADER = 'ListingLens-Event-Type';

export function newEndpointSecret(): string {
  return `${SECRET_MARKER}${randomBytes(32).toString('base64url')}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's whole secret (marker
 * included). The timestamp is signed so a captured delivery cannot be replayed later than the receiver tolerates.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * What a receiver runs, word for word as the API documentation shows it (a test runs this very text against real
 * signatures, so the documentation cannot drift from the signing).
 */
export const VERIFICATION_SNIPPET = `const crypto = require('node:crypto');

// rawBody: the request body exactly as received (a string or Buffer, before any JSON parsing).
function verifyListingLensSignature(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(signatureHeader ?? '').split(',').map((part) => part.trim().split('=', 2)),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1, 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected, 'utf8'));
}`;
