import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Signs in on a server of the embedded default as a host would: asks for the emailed link, reads it from the newest
 * message in the server's outbox and verifies it. The session cookie (`sid=…`).
 */
export async function signInThroughOutbox(url: string, dataDir: string, email: string): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'bench' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/email', { email });
  const outbox = path.join(dataDir, 'outbox');
  const file = readdirSync(outbox).sort().reverse()[0];
  // Quoted-printable: soft line breaks and '=' escapes would cut the link.
  const raw = readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const hash = new URLSearchParams(/#(access_token=[^\s"<]+)/.exec(raw)![1]);
  const res = await post('/api/auth/verify', {
    access_token: hash.get('access_token'),
    refresh_token: hash.get('refresh_token'),
    type: 'magiclink',
  });
  return /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}
