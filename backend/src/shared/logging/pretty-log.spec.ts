import pino, { type Logger as PinoLogger } from 'pino';
import { Writable } from 'node:stream';
import { createRootLogger, PinoLoggerService } from './pino-logger';
import { logFormat, prettyLogStream } from './pretty-log';

const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

/** What a terminal would get, one string per write. */
function terminal(colorize: boolean) {
  const writes: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  const root = pino({ level: 'debug', base: { service: 'listinglens' } }, prettyLogStream({ destination, colorize }));
  return { root, text: () => writes.join(''), plain: () => writes.join('').replace(ANSI, '') };
}

const streamOf = (logger: PinoLogger) => (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];

describe('log format', () => {
  it('is readable only on a terminal outside production, JSON lines everywhere else', () => {
    expect(logFormat(false, { isTTY: true })).toBe('pretty');
    expect(logFormat(true, { isTTY: true })).toBe('json');
    expect(logFormat(false, { isTTY: false })).toBe('json');
    expect(logFormat(false, {})).toBe('json');
    // A caller that does not say it is not production gets JSON.
    expect(logFormat(undefined, { isTTY: true })).toBe('json');
  });

  it('gives the root logger the stream its format says: fd 1 as JSON, the formatter on a terminal', () => {
    const json = streamOf(createRootLogger({ level: 'info', production: true }, undefined, { isTTY: true }));
    const piped = streamOf(createRootLogger({ level: 'info', production: false }, undefined, { isTTY: false }));
    const tty = streamOf(createRootLogger({ level: 'info', production: false }, undefined, { isTTY: true }));
    expect(json).toHaveProperty('fd', 1);
    expect(piped).toHaveProperty('fd', 1);
    expect(tty).not.toHaveProperty('fd');
    expect(tty).toHaveProperty('pipe');
  });

  it('keeps JSON lines whenever a destination is given, on a terminal or not', () => {
    const lines: string[] = [];
    const logger = createRootLogger(
      { level: 'info', production: false },
      { write: (l) => lines.push(l) },
      {
        isTTY: true,
      },
    );
    logger.info({ requestId: 'r1' }, 'hello');
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, msg: 'hello', requestId: 'r1', service: 'listinglens' });
  });
});

describe('terminal lines', () => {
  it('show time, level, context and message on one line, and each sign-in link on a highlighted line of its own', () => {
    const out = terminal(true);
    new PinoLoggerService(out.root).log(
      {
        msg: 'Mail to a@b.test: "Sign in" (x.eml) links: http://localhost:3000/auth/confirm#t=1',
        links: ['http://localhost:3000/auth/confirm#t=1'],
      },
      'OutboxMailer',
    );
    const [first, second, ...rest] = out.plain().split('\n');
    expect(first).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[OutboxMailer\] Mail to a@b\.test: "Sign in" \(x\.eml\)$/,
    );
    expect(second).toBe('    → http://localhost:3000/auth/confirm#t=1');
    expect(rest.join('')).toBe('');
    // The link is bold and underlined; levels and the rest are coloured.
    const linkLine = out.text().split('\n')[1];
    expect(linkLine).toContain(`${ESC}[1m`);
    expect(linkLine).toContain(`${ESC}[4mhttp://localhost:3000/auth/confirm#t=1`);
    expect(out.text()).toMatch(ANSI);
  });

  it('have no colour codes where colour is off, and no field dump', () => {
    const out = terminal(false);
    out.root.info({ requestId: 'r1', job: 'enhance-photo', jobId: '42', attempt: 1 }, 'enhanced photo 7');
    expect(out.text()).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: enhanced photo 7 \(enhance-photo 42\)\n$/);
  });

  it('show a request as method, path, status and time', () => {
    const out = terminal(false);
    out.root.warn(
      { req: { id: 'r', method: 'GET', url: '/api/orders/9' }, res: { statusCode: 404 }, responseTime: 3.4 },
      'request completed',
    );
    expect(out.text()).toMatch(/ WARN: GET \/api\/orders\/9 404 3 ms\n$/);
  });

  it('show an error with its stack, indented', () => {
    const out = terminal(false);
    out.root.error({ err: new Error('boom') }, 'job failed');
    const lines = out.text().split('\n');
    expect(lines[0]).toMatch(/ ERROR: job failed$/);
    expect(lines[1]).toBe('    Error: boom');
    expect(lines[2]).toMatch(/^ {8}at /);
  });

  it('drop control characters from what requests and users wrote, so a log line cannot drive the terminal', () => {
    const out = terminal(false);
    out.root.info({ context: `A${ESC}[2J` }, `name ${ESC}]0;owned\u0007 end`);
    expect(out.text()).not.toContain(ESC);
    expect(out.text()).toContain('[A[2J] name ]0;owned end');
  });
});
