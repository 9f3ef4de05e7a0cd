import request from 'supertest';
import { signInByEmail } from '../support/auth';
import { startTestApp, type TestApp } from '../support/test-app';

interface LogLine {
  level: number;
  msg?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;

/** The level of each line the app logged, by what the request asked; warnings are kept for what needs a look. */
describe('request log levels', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  const http = () => request(t.app.getHttpServer());

  /** Every line logged about the request whose response carried `requestId`. */
  const linesOf = (requestId: string) => lines.filter((l) => l.req?.id === requestId);

  beforeAll(async () => {
    t = await startTestApp(
      { LOG_LEVEL: 'debug' },
      { logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  }, 60_000);
  afterAll(async () => t?.close());

  it.each([
    ['an anonymous visitor', undefined],
    ['a visitor whose session ended', 'sid=expired-or-unknown-session-token'],
  ])('logs the session check (GET /api/auth/me, 401) of %s at debug, not as a warning', async (_who, cookie) => {
    const req = http().get('/api/auth/me');
    const res = await (cookie ? req.set('Cookie', cookie) : req).expect(401);
    const logged = linesOf(res.headers['x-request-id']);
    expect(logged.map((l) => [l.level, l.msg, l.res?.statusCode])).toEqual([[DEBUG, 'request completed', 401]]);
  });

  it('keeps other refused requests (401, 404) as warnings', async () => {
    for (const url of ['/api/orders', '/api/webhook-endpoints', '/api/auth/me-not']) {
      const res = await http().get(url);
      expect([url, res.status]).toEqual([url, url === '/api/auth/me-not' ? 404 : 401]);
      expect(linesOf(res.headers['x-request-id']).map((l) => [l.level, l.res?.statusCode])).toEqual([
        [WARN, res.status],
      ]);
    }
  });

  it("logs a signed-in host's session check at info, as before", async () => {
    const cookie = await signInByEmail(t.app, t.dataDir, 'log-levels@example.com');
    const res = await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(linesOf(res.headers['x-request-id']).map((l) => [l.level, l.res?.statusCode])).toEqual([[INFO, 200]]);
  });
});
