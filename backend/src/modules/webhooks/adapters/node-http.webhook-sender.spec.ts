import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { NodeHttpWebhookSender, type NodeHttpSenderOptions } from './node-http.webhook-sender';

interface Received {
  host: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver that answers what `answer` says and records every request. */
async function receiver(answer: (res: http.ServerResponse) => void = (res) => res.writeHead(204).end()) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ host: req.headers.host, headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const sender = (options: Partial<NodeHttpSenderOptions> = {}) =>
  new NodeHttpWebhookSender({
    allowPrivateTargets: false,
    timeoutMs: 5000,
    responseCapBytes: 4096,
    userAgent: 'ListingLens-Webhooks/test',
    ...options,
  });

const post = (url: string) => ({ url, headers: { 'ListingLens-Event-Id': 'evt_1' }, body: '{"id":"evt_1"}' });

describe('NodeHttpWebhookSender', () => {
  let target: Awaited<ReturnType<typeof receiver>>;
  afterEach(() => target?.close());

  it('posts the body and headers and reports the answer', async () => {
    target = await receiver();
    const result = await sender({ allowPrivateTargets: true }).send(post(`http://127.0.0.1:${target.port}/hook?x=1`));
    expect(result).toMatchObject({ statusCode: 204, error: null });
    expect(target.received).toHaveLength(1);
    expect(target.received[0].body).toBe('{"id":"evt_1"}');
    expect(target.received[0].headers).toMatchObject({
      'content-type': 'application/json',
      'listinglens-event-id': 'evt_1',
      'user-agent': 'ListingLens-Webhooks/test',
    });
  });

  it('refuses loopback by address and by name, sending nothing, unless private targets are allowed', async () => {
    target = await receiver();
    for (const url of [`http://127.0.0.1:${target.port}/`, `http://localhost:${target.port}/`]) {
      const result = await sender().send(post(url));
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/^Refused: .+ (is|resolves to 127\.0\.0\.1,) a loopback address$/);
    }
    expect(target.received).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const result = await sender({ resolve }).send(post('https://mixed.example.test/hook'));
    expect(result.error).toBe('Refused: mixed.example.test resolves to 10.0.0.7, a private address');
    expect(await sender({ resolve }).refusal(new URL('https://mixed.example.test/'))).toBe(
      'mixed.example.test resolves to 10.0.0.7, a private address',
    );
  });

  it('connects to the address it resolved once, with the name in the Host header (no second lookup)', async () => {
    target = await receiver();
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await sender({ allowPrivateTargets: true, resolve }).send(
      post(`http://hooks.rebinding.test:${target.port}/in`),
    );
    expect(result.statusCode).toBe(204);
    expect(lookups).toBe(1);
    expect(target.received[0].host).toBe(`hooks.rebinding.test:${target.port}`);
  });

  it('does not follow redirects and reads no more than the cap of a long answer', async () => {
    target = await receiver((res) => res.writeHead(302, { Location: 'http://169.254.169.254/' }).end());
    const redirected = await sender({ allowPrivateTargets: true }).send(post(`http://127.0.0.1:${target.port}/`));
    expect(redirected).toMatchObject({ statusCode: 302, error: 'Answered 302: redirects are not followed' });
    expect(target.received).toHaveLength(1);
    await target.close();

    // An endless answer: the attempt ends once the cap is read, with the status it got.
    target = await receiver((res) => {
      res.writeHead(500);
      const timer = setInterval(() => res.write(Buffer.alloc(1024)), 1);
      res.on('close', () => clearInterval(timer));
    });
    const flooded = await sender({ allowPrivateTargets: true }).send(post(`http://127.0.0.1:${target.port}/`));
    expect(flooded).toMatchObject({ statusCode: 500, error: 'Answered 500' });
  });

  it('says what went wrong when nothing answers', async () => {
    target = await receiver();
    const port = target.port;
    await target.close();
    const result = await sender({ allowPrivateTargets: true }).send(post(`http://127.0.0.1:${port}/`));
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
    const unresolved = await sender({
      resolve: () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })),
    }).send(post('https://nowhere.invalid/'));
    expect(unresolved.error).toBe('nowhere.invalid could not be resolved (ENOTFOUND)');
  });
});
