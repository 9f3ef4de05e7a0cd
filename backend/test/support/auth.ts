import { type NestExpressApplication } from '@nestjs/platform-express';
import path from 'node:path';
import request from 'supertest';
import { readOutbox } from '../helpers/outbox';

let ipCounter = 0;
/** A fresh client address per caller, so one test's sign-in requests never count against another's rate limit. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}

/** The tokens of the newest sign-in email to `email`, as the confirm page reads them from the link's fragment. */
export async function latestMagicLink(dataDir: string, email: string) {
  const mails = (await readOutbox(path.join(dataDir, 'outbox'))).filter((m) => m.to.includes(email));
  const link = mails.at(-1)?.links.find((l) => l.includes('/auth/confirm#'));
  if (!link) throw new Error(`no sign-in email to ${email}`);
  const url = new URL(link);
  const hash = new URLSearchParams(url.hash.slice(1));
  return {
    url,
    access_token: hash.get('access_token')!,
    refresh_token: hash.get('refresh_token')!,
    type: hash.get('type')!,
  };
}

/** Signs `email` in through the emailed link and returns the session cookie (`sid=...`). */
export async function signInByEmail(app: NestExpressApplication, dataDir: string, email: string): Promise<string> {
  const server = app.getHttpServer();
  await request(server)
    .post('/api/auth/email')
    .set('X-Requested-With', 'test')
    .set('X-Forwarded-For', freshIp())
    .send({ email })
    .expect(200);
  const { access_token, refresh_token, type } = await latestMagicLink(dataDir, email);
  const res = await request(server)
    .post('/api/auth/verify')
    .set('X-Requested-With', 'test')
    .send({ access_token, refresh_token, type })
    .expect(200);
  return sessionCookie(res.headers['set-cookie']);
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = all.find((c) => c.startsWith('sid=') && !c.startsWith('sid=;'));
  if (!sid) throw new Error('no session cookie set');
  return sid.split(';')[0];
}
