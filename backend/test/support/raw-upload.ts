import net from 'node:net';

/** A multipart upload body of `orderId` and the files, as the widget sends it. */
export function uploadBody(orderId: string, files: Buffer[]): { body: Buffer; contentType: string } {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${orderId}\r\n`),
  ];
  files.forEach((file, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="room-${i}.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The bytes of `POST /api/photos/upload` with the whole body (the caller may send them in pieces). */
export function uploadRequest(host: string, cookie: string, orderId: string, files: Buffer[]): Buffer {
  const { body, contentType } = uploadBody(orderId, files);
  const head =
    `POST /api/photos/upload HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nX-Requested-With: XMLHttpRequest\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

export interface RawResponse {
  status: number;
  body: string;
}

/**
 * One kept-alive connection written byte by byte as the test wants (half an upload, two requests in one write),
 * which no HTTP client does; it reads back every response the server sends on it.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  closed = false;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = net.connect(Number(port), hostname);
    this.socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    this.socket.on('close', () => (this.closed = true));
    // A reset after the server answered is expected at shutdown; what counts is what was received.
    this.socket.on('error', () => undefined);
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (err) => (err ? reject(err) : resolve())));
  }

  /** The complete responses received so far (Content-Length bodies, as every API answer has). */
  responses(): RawResponse[] {
    const out: RawResponse[] = [];
    let rest = this.received.toString('latin1');
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) return out;
      const head = rest.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (rest.length < end + 4 + length) return out;
      out.push({
        status: Number(head.split(' ')[1]),
        body: Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8'),
      });
      rest = rest.slice(end + 4 + length);
    }
  }

  async waitForResponses(count: number, timeoutMs = 60_000): Promise<RawResponse[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.responses().length < count) {
      if (Date.now() > deadline || this.closed) {
        if (this.responses().length >= count) break;
        throw new Error(`expected ${count} response(s), got:\n${this.received.toString('latin1').slice(0, 2000)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.responses();
  }

  destroy(): void {
    this.socket.destroy();
  }
}
