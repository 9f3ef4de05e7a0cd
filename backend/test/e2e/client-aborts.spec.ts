import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import sharp from 'sharp';
import { signInByEmail } from '../support/auth';
import { buyPackage, sessionOn, uploadPhotos } from '../support/journey';
import { startTestApp, type TestApp } from '../support/test-app';

interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

const FILE_ROUTE = { method: 'GET', route: '/api/photos/file/:filename' };

/**
 * A browser that stops loading an image (the host left the page, the gallery scrolled past it) closes the connection
 * mid-stream. That is routine: the server counts it and logs it at debug, and logs no error for it.
 */
describe('a client that goes away in the middle of a photo download', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  let fileUrl: string;
  let size: number;
  const lines: LogLine[] = [];

  /** `http_client_aborts_total` for the photo file route in a scrape of the running app. */
  async function aborts(): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${port}/api/metrics`)).text();
    const series = `http_client_aborts_total{method="${FILE_ROUTE.method}",route="${FILE_ROUTE.route}"} `;
    const line = text.split('\n').find((l) => l.startsWith(series));
    return line ? Number(line.slice(series.length)) : 0;
  }

  /** GETs the photo as a browser would and reads all of it. */
  function download(): Promise<{ status: number; length: number; read: number }> {
    return new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: fileUrl, headers: { Cookie: cookie } }, (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => (read += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode!, length: Number(res.headers['content-length']), read }));
      })
        .on('error', reject)
        .end();
    });
  }

  /**
   * GETs the photo, stops reading after the first bytes (so the server is still writing: a stalled connection holds
   * far less than the photo) and closes the connection, as a browser leaving the page does. Says how it began.
   */
  function downloadAndLeave(): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET ${fileUrl} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`),
      );
      socket.once('data', (first: Buffer) => {
        socket.pause();
        setTimeout(() => {
          socket.destroy();
          resolve(first.toString('latin1').split('\r\n')[0]);
        }, 300);
      });
      socket.on('error', reject);
    });
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'debug' },
      { logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;

    cookie = await signInByEmail(t.app, t.dataDir, 'leaves-early@example.com');
    const host = sessionOn(server, cookie);
    const orderId = await buyPackage(host);
    // Noise does not compress: a 6 MB photo, more than a connection buffers while its client reads nothing.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 2500,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    size = photo.length;
    const uploaded = await uploadPhotos(host, orderId, [photo]).expect(201);
    fileUrl = `/api/photos/file/${(uploaded.body.photos[0].original_path as string).split('/').pop()}`;
  }, 60_000);
  afterAll(async () => t?.close());

  it('sends the whole photo to a client that stays, and counts no abort', async () => {
    expect(await download()).toEqual({ status: 200, length: size, read: size });
    expect(await aborts()).toBe(0);
  });

  it('counts a client that leaves mid-stream, logs it at debug and logs no error or warning', async () => {
    const logged = lines.length;
    expect(await downloadAndLeave()).toBe('HTTP/1.1 200 OK');

    await eventually(async () => (await aborts()) === 1, 'the abort to be counted');
    await eventually(
      async () => lines.slice(logged).some((l) => l.level === 20 && /client went away/.test(l.msg ?? '')),
      'the debug line',
    );
    // The request's own line too: debug, not the info or error of a request that was answered or failed.
    const requestLines = lines.slice(logged).filter((l) => (l.req as { url?: string } | undefined)?.url === fileUrl);
    expect(requestLines.map((l) => [l.level, l.msg])).toEqual([[20, 'request aborted']]);
    expect(lines.slice(logged).filter((l) => l.level >= 40)).toEqual([]);
    // The route serves the next request as before.
    expect(await download()).toEqual({ status: 200, length: size, read: size });
    expect(await aborts()).toBe(1);
  });
});
