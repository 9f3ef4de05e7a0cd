import * as jose from 'jose';
import http from 'node:http';
import { type AddressInfo } from 'node:net';

type SigningKey = Awaited<ReturnType<typeof jose.generateKeyPair>>['privateKey'];
// oidc-provider is ESM-only; a real dynamic import loads it from this CommonJS test code.
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  /** The app's environment for Google sign-in against this provider. */
  env: Record<string, string>;
  /** An ID token signed with the provider's own key (what Google Identity Services would hand the browser). */
  signIdToken: (
    claims: Record<string, unknown>,
    options?: { expiresIn?: string | number; issuer?: string },
  ) => Promise<string>;
  /** The same token signed with a key nobody published: a forgery. */
  forgeIdToken: (claims: Record<string, unknown>) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on a free local port, standing in for Google: authorization endpoint with
 * its own login and consent pages, token endpoint requiring PKCE, userinfo and JWKS.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  accounts: Record<string, OidcAccount>;
}): Promise<LocalOidcProvider> {
  const { default: Provider } = await quietly(() =>
    importEsm<{ default: new (issuer: string, config: object) => OidcProvider }>('oidc-provider'),
  );

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(privateKey)), kid: 'local-test', alg: 'RS256', use: 'sig' };
  const clientId = 'listinglens-test';
  const clientSecret = 'local-test-secret-0123456789abcdef';

  const provider = await quietly(
    async () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [options.redirectUri],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [jwk] },
        routes: { userinfo: '/userinfo' },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        pkce: { required: () => true },
        cookies: { keys: ['local-test-cookie-key'] },
        findAccount: (_ctx: unknown, id: string) => {
          const account = options.accounts[id];
          return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
        },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      }),
  );
  server.on('request', provider.callback());

  const sign = async (
    key: SigningKey,
    kid: string,
    claims: Record<string, unknown>,
    opts: { expiresIn?: string | number; issuer?: string } = {},
  ) =>
    new jose.SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime(opts.expiresIn ?? '10m')
      .sign(key);
  const forgeKey = (await jose.generateKeyPair('RS256')).privateKey;

  return {
    issuer,
    clientId,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_ISSUER: issuer,
      GOOGLE_AUTHORIZE_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
    },
    signIdToken: (claims, opts) => sign(privateKey, 'local-test', claims, opts),
    forgeIdToken: (claims) => sign(forgeKey, 'local-test', claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider's start-up advice (dev adapter, dev interactions, Node version) is noise in a test run. */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const { warn, info } = console;
  console.warn = console.info = () => undefined;
  try {
    return await fn();
  } finally {
    Object.assign(console, { warn, info });
  }
}

interface OidcProvider {
  callback: () => http.RequestListener;
}

/**
 * Plays the browser between the app's redirect to the provider and the provider's redirect back: follows redirects
 * with a cookie jar, signs in as `accountId` on the provider's login page and approves its consent page. Returns
 * the URL the provider sends the browser to (the app's callback with `code` and `state`).
 */
export async function authorizeAtProvider(authorizeUrl: string, accountId: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  let location = authorizeUrl;
  for (let step = 0; step < 12; step++) {
    if (location.startsWith(redirectUri)) return new URL(location);
    const page = await fetch(location, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(page);
    if (page.status >= 300 && page.status < 400) {
      location = new URL(page.headers.get('location')!, location).href;
      continue;
    }
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form (${page.status}): ${html.slice(0, 300)}`);
    const fields: Record<string, string> = html.includes('name="login"')
      ? { prompt: 'login', login: accountId, password: 'any' }
      : { prompt: 'consent' };
    const posted = await fetch(new URL(action, location), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    remember(posted);
    location = new URL(posted.headers.get('location')!, location).href;
  }
  throw new Error('the provider never redirected back');
}
