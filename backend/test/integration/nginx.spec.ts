import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The web container's nginx site (docker/nginx), checked as text everywhere and, where an nginx binary is installed
 * (Debian's nginx-light; CI installs it), run for real on a loopback port in front of a stand-in api.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const TEMPLATE = fs.readFileSync(path.join(ROOT, 'docker', 'nginx', 'default.conf.template'), 'utf8');
const HEADERS = fs.readFileSync(path.join(ROOT, 'docker', 'nginx', 'security-headers.conf'), 'utf8');
const WEB_DOCKERFILE = fs.readFileSync(path.join(ROOT, 'docker', 'web.Dockerfile'), 'utf8');

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']
  .concat((process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')))
  .find((file) => fs.existsSync(file));

const METRICS_SPELLINGS = [
  '/api/metrics',
  '/api/metrics/',
  '/api/Metrics',
  '/api/METRICS',
  '/API/metrics',
  '/api/metrics?x',
  '/api/metrics/?format=text',
  '//api/metrics',
  '/api//metrics',
  '/api/./metrics',
  '/api/x/../metrics',
  '/api/%6detrics',
  '/api/%6Detrics/',
  '/%61pi/metrics',
  '/api/metrics%2F',
];

const activeLines = (text: string) => text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));

describe('nginx site (text)', () => {
  it('closes metrics with a case-insensitive regex location that answers 404', () => {
    const block = /location ~\*\s+(\S+)\s*\{([^}]*)\}/.exec(TEMPLATE);
    expect(block).not.toBeNull();
    const pattern = new RegExp(block![1], 'i');
    for (const spelling of ['/api/metrics', '/api/metrics/', '/API/Metrics', '//api//metrics']) {
      expect(pattern.test(spelling)).toBe(true);
    }
    expect(pattern.test('/api/metricsx')).toBe(false);
    expect(block![2]).toMatch(/return 404;/);
  });

  it('hides its version and sends every security header always, from every location', () => {
    expect(activeLines(TEMPLATE)).toContainEqual(expect.stringMatching(/^\s*server_tokens off;$/));
    const headers = activeLines(HEADERS);
    for (const name of ['Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy']) {
      expect(headers).toContainEqual(expect.stringMatching(new RegExp(`^add_header ${name} \\$\\S+ always;$`)));
    }
    expect(headers.every((line) => /^add_header .* always;$/.test(line))).toBe(true);
    // A location with an add_header of its own drops the server's: each one includes the set itself.
    const locations = [...TEMPLATE.matchAll(/location [^{]+\{([^}]*)\}/g)];
    expect(locations.length).toBeGreaterThanOrEqual(4);
    for (const [, body] of locations) expect(body).toContain('include /etc/nginx/snippets/security-headers.conf;');
    expect(TEMPLATE).toMatch(/frame-ancestors 'none'/);
    expect(TEMPLATE).toMatch(/"" "DENY";/);
  });

  it('is installed where the image reads it, with only POSTHOG_HOST substituted', () => {
    expect(WEB_DOCKERFILE).toContain(
      'COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template',
    );
    expect(WEB_DOCKERFILE).toContain(
      'COPY docker/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf',
    );
    expect(WEB_DOCKERFILE).toMatch(/NGINX_ENVSUBST_FILTER="\^POSTHOG_HOST\$"/);
    const substituted = [...TEMPLATE.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]);
    expect([...new Set(substituted)]).toEqual(['POSTHOG_HOST']);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with its path sent byte for byte (fetch would resolve dot segments and slashes first). */
function request(port: number, rawPath: string, init: { method?: string; body?: Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: init.method ?? 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Starts nginx with the site as the image would render it for `posthogHost`, in a temp folder, on a loopback port,
 * in front of `upstreamPort`. Returns the port and a stop function.
 */
async function startNginx(dir: string, posthogHost: string, upstreamPort: number) {
  const port = await freePort();
  fs.mkdirSync(path.join(dir, 'html', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'snippets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'html', 'index.html'), '<!doctype html><title>ListingLens</title>');
  fs.writeFileSync(path.join(dir, 'html', 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'snippets', 'security-headers.conf'), HEADERS);
  // What the image does at start (envsubst of POSTHOG_HOST) and where it puts things, moved into the temp folder.
  const replace = (text: string, from: string, to: string) => {
    expect(text).toContain(from);
    return text.split(from).join(to);
  };
  let site = replace(TEMPLATE, '${POSTHOG_HOST}', posthogHost);
  site = replace(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replace(site, 'http://api:3000', `http://127.0.0.1:${upstreamPort}`);
  site = replace(site, '/usr/share/nginx/html', path.join(dir, 'html'));
  site = replace(site, '/etc/nginx/snippets/', `${path.join(dir, 'snippets')}/`);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${path.join(dir, kind)};`)
    .join('\n  ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp}
  include ${path.join(dir, 'site.conf')};
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const check = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' });
  expect(check.stderr).toContain('test is successful');

  const nginx: ChildProcess = spawn(NGINX!, args, { stdio: 'ignore' });
  const stop = () =>
    new Promise<void>((resolve) =>
      nginx.exitCode !== null ? resolve() : nginx.once('exit', () => resolve()).kill('SIGTERM'),
    );
  for (let i = 0; i < 100; i++) {
    if (
      await request(port, '/').then(
        () => true,
        () => false,
      )
    )
      return { port, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
}

(NGINX ? describe : describe.skip)('nginx site (running)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-site-'));
  const seen: { url: string; bytes: number }[] = [];
  let upstream: http.Server;
  let upstreamPort: number;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let port: number;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        seen.push({ url: req.url!, bytes });
        // The api sends its own headers on some answers: nginx must pass them once, not add a second copy.
        if (req.url === '/api/own-headers') {
          res.setHeader('Content-Security-Policy', "default-src 'none'");
          res.setHeader('X-Frame-Options', 'DENY');
        }
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ url: req.url, bytes }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamPort = (upstream.address() as net.AddressInfo).port;
    nginx = await startNginx(path.join(dir, 'eu'), 'https://eu.i.posthog.com', upstreamPort);
    port = nginx.port;
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (reply: Reply) => {
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.server).toBe('nginx');
  };

  it.each(METRICS_SPELLINGS)('answers %s with 404 and never asks the api', async (spelling) => {
    const reply = await request(port, spelling);
    expect(reply.status).toBe(404);
    expectSecurityHeaders(reply);
    expect(seen.filter((r) => /metrics/i.test(decodeURIComponent(r.url)))).toEqual([]);
  });

  it('serves the client with the page policy: itself, Stripe.js and the PostHog host, never framed', async () => {
    for (const page of ['/', '/order?order=1', '/assets/app.js']) {
      const reply = await request(port, page);
      expect(reply.status).toBe(200);
      expectSecurityHeaders(reply);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      const posthog = 'https://eu.i.posthog.com https://eu-assets.i.posthog.com';
      expect(csp).toContain(`script-src 'self' https://js.stripe.com ${posthog};`);
      expect(csp).toContain(`connect-src 'self' https://api.stripe.com ${posthog};`);
      expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
    }
    expect((await request(port, '/assets/app.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await request(port, '/')).headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['', "script-src 'self' https://js.stripe.com ;", "connect-src 'self' https://api.stripe.com ;"],
    [
      'https://analytics.example.com/ingest',
      "script-src 'self' https://js.stripe.com https://analytics.example.com;",
      "connect-src 'self' https://api.stripe.com https://analytics.example.com;",
    ],
  ])('lets the pages reach only the analytics host it is given (POSTHOG_HOST=%j)', async (host, script, connect) => {
    const other = await startNginx(path.join(dir, `host-${host.length}`), host, upstreamPort);
    try {
      const csp = String((await request(other.port, '/')).headers['content-security-policy']);
      expect(csp).toContain(script);
      expect(csp).toContain(connect);
      expect(csp).not.toContain('posthog');
    } finally {
      await other.stop();
    }
  });

  it('forwards /api with the headers added, and passes the api’s own headers once', async () => {
    const reply = await request(port, '/api/x');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ url: '/api/x' });
    expectSecurityHeaders(reply);
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const own = await request(port, '/api/own-headers');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(own.headers['x-frame-options']).toBe('DENY');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });

  it('passes an upload bigger than nginx’s default 1 MB body limit through to the api', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 1);
    const reply = await request(port, '/api/orders/1/photos', { method: 'POST', body });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ bytes: body.length });
  });

  it('adds the headers to its own error pages too (api unreachable)', async () => {
    const closed = await new Promise<void>((resolve) => upstream.close(() => resolve())).then(() => true);
    expect(closed).toBe(true);
    const reply = await request(port, '/api/anything');
    expect(reply.status).toBe(502);
    expectSecurityHeaders(reply);
    expect(reply.body).not.toMatch(/nginx\/\d/);
  });
});
