import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newEndpointSecret, signatureHeader, VERIFICATION_SNIPPET } from './signature';

type Verify = (rawBody: string | Buffer, header: string | undefined, secret: string, tolerance?: number) => boolean;

/** The documented snippet itself, run as a receiver would paste it. */
const documentedVerify = new Function('require', `${VERIFICATION_SNIPPET}\nreturn verifyListingLensSignature;`)(
  require,
) as Verify;

describe('webhook signatures', () => {
  const secret = newEndpointSecret();
  const body = JSON.stringify({ id: 'evt_1', type: 'order.completed', data: { order_id: 'ord_1' } });
  const now = () => Math.floor(Date.now() / 1000);

  it('signs "<t>.<body>" with HMAC-SHA256 keyed by the whole secret', () => {
    const t = 1_764_000_000;
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, body, t)).toBe(`t=${t},v1=${expected}`);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(newEndpointSecret()).not.toBe(secret);
  });

  it('is accepted by the documented verification snippet, from a string or the raw bytes', () => {
    const header = signatureHeader(secret, body, now());
    expect(documentedVerify(body, header, secret)).toBe(true);
    expect(documentedVerify(Buffer.from(body), header, secret)).toBe(true);
  });

  it('is refused by the snippet when the body, the secret or the time differ', () => {
    const t = now();
    const header = signatureHeader(secret, body, t);
    expect(documentedVerify(body.replace('ord_1', 'ord_2'), header, secret)).toBe(false);
    expect(documentedVerify(body, header, newEndpointSecret())).toBe(false);
    expect(documentedVerify(body, header.replace(`t=${t}`, `t=${t + 1}`), secret)).toBe(false);
    expect(documentedVerify(body, signatureHeader(secret, body, t - 3600), secret)).toBe(false);
    expect(documentedVerify(body, undefined, secret)).toBe(false);
    expect(documentedVerify(body, 't=abc,v1=00', secret)).toBe(false);
  });

  it('is printed word for word in docs/webhooks.md', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../../docs/webhooks.md'), 'utf8');
    expect(doc).toContain(VERIFICATION_SNIPPET);
  });
});
