import { ApiKeysRepository } from '../../src/modules/auth/persistence/api-keys.repository';
import { LoginTokensRepository } from '../../src/modules/auth/persistence/login-tokens.repository';
import { SessionsRepository } from '../../src/modules/auth/persistence/sessions.repository';
import { UsersRepository } from '../../src/modules/auth/persistence/users.repository';
import { databaseForSuite, databaseTargets } from '../support/database-targets';

/** The auth module's repositories against the real schema: PGlite always, Postgres when CI provides one. */
describe.each(databaseTargets())('auth repositories on %s', (_name, open) => {
  const db = databaseForSuite(open);
  const users = new UsersRepository();
  const sessions = new SessionsRepository();
  const tokens = new LoginTokensRepository();
  const apiKeys = new ApiKeysRepository();
  let seq = 0;
  const at = (iso: string) => new Date(iso);

  async function newUser() {
    return (await users.findOrCreate(db().manager, `host-${++seq}@example.com`, at('2026-01-01T00:00:00Z'))).user;
  }

  describe('users', () => {
    it('creates an account on the first sign-in only, whatever the case of the address, linked to an identity', async () => {
      const first = await users.findOrCreate(db().manager, 'Case@Example.com', at('2026-01-01T00:00:00Z'), 'Ana');
      const again = await users.findOrCreate(db().manager, 'case@example.com', at('2026-01-02T00:00:00Z'));
      expect(first.isNewUser).toBe(true);
      expect(again).toMatchObject({ isNewUser: false, user: { id: first.user.id, name: 'Ana' } });
      expect(first.user.supabaseId).toEqual(expect.any(String));
    });

    it('gives both of two racing first sign-ins the same account', async () => {
      const [a, b] = await Promise.all([
        db().transaction((tx) => users.findOrCreate(tx, 'race@example.com', at('2026-01-01T00:00:00Z'))),
        db().transaction((tx) => users.findOrCreate(tx, 'race@example.com', at('2026-01-01T00:00:00Z'))),
      ]);
      expect(a.user.id).toBe(b.user.id);
      expect([a.isNewUser, b.isNewUser].sort()).toEqual([false, true]);
    });

    it('finds an account by its Google id once linked, and keeps an external auth id it already has', async () => {
      const user = await newUser();
      expect(await users.findByGoogleId(db().manager, `g-${user.id}`)).toBeNull();
      const linked = await users.linkGoogle(db().manager, user.id, `g-${user.id}`, 'Bo');
      expect(linked).toMatchObject({ googleId: `g-${user.id}`, name: 'Bo' });
      expect(await users.findByGoogleId(db().manager, `g-${user.id}`)).toMatchObject({ id: user.id });
      await users.linkExternalAuthId(db().manager, user.id);
      expect((await users.findById(db().manager, user.id))?.supabaseId).toBe(user.supabaseId);
    });
  });

  describe('sessions', () => {
    const session = (userId: number, tokenHash: string, expiresAt: string) => ({
      tokenHash,
      userId,
      createdAt: at('2026-01-01T00:00:00Z'),
      expiresAt: at(expiresAt),
      userAgent: 'jest',
    });

    it('finds a session with its user, touches it, and ends it', async () => {
      const user = await newUser();
      await sessions.insert(db().manager, session(user.id, `s-${user.id}`, '2026-02-01T00:00:00Z'));
      expect(await sessions.find(db().manager, `s-${user.id}`)).toEqual({
        userId: user.id,
        email: user.email,
        expiresAt: at('2026-02-01T00:00:00Z'),
        lastSeenAt: at('2026-01-01T00:00:00Z'),
      });
      await sessions.touch(db().manager, `s-${user.id}`, at('2026-01-05T00:00:00Z'));
      expect((await sessions.find(db().manager, `s-${user.id}`))?.lastSeenAt).toEqual(at('2026-01-05T00:00:00Z'));
      await sessions.delete(db().manager, `s-${user.id}`);
      expect(await sessions.find(db().manager, `s-${user.id}`)).toBeNull();
    });

    it("sweeps only the user's sessions that expired", async () => {
      const user = await newUser();
      const other = await newUser();
      await sessions.insert(db().manager, session(user.id, `old-${user.id}`, '2026-01-02T00:00:00Z'));
      await sessions.insert(db().manager, session(user.id, `live-${user.id}`, '2026-03-01T00:00:00Z'));
      await sessions.insert(db().manager, session(other.id, `old-${other.id}`, '2026-01-02T00:00:00Z'));
      await sessions.deleteExpired(db().manager, user.id, at('2026-02-01T00:00:00Z'));
      expect(await sessions.find(db().manager, `old-${user.id}`)).toBeNull();
      expect(await sessions.find(db().manager, `live-${user.id}`)).not.toBeNull();
      expect(await sessions.find(db().manager, `old-${other.id}`)).not.toBeNull();
    });
  });

  describe('login tokens', () => {
    const token = (email: string, hash: string, createdAt: string, requestIp: string | null) => ({
      email,
      tokenHash: hash,
      refreshHash: `r-${hash}`,
      createdAt: at(createdAt),
      expiresAt: at(createdAt),
      requestIp,
    });

    it('counts the links requested since a time by address (any case) and by IP, with the oldest', async () => {
      await tokens.insert(db().manager, token('Rate@Example.com', 't1', '2026-01-01T10:00:00Z', '10.0.0.1'));
      await tokens.insert(db().manager, token('rate@example.com', 't2', '2026-01-01T10:05:00Z', '10.0.0.2'));
      await tokens.insert(db().manager, token('rate@example.com', 't3', '2026-01-01T08:00:00Z', '10.0.0.1'));
      const since = at('2026-01-01T09:00:00Z');
      expect(await tokens.requestedSince(db().manager, { email: 'rate@example.com' }, since)).toEqual({
        count: 2,
        oldest: at('2026-01-01T10:00:00Z'),
      });
      expect(await tokens.requestedSince(db().manager, { ip: '10.0.0.1' }, since)).toEqual({
        count: 1,
        oldest: at('2026-01-01T10:00:00Z'),
      });
      expect(await tokens.requestedSince(db().manager, { ip: '10.9.9.9' }, since)).toEqual({ count: 0, oldest: null });
    });

    it("spends a token once, and deletes only the address's tokens created before a time", async () => {
      await tokens.insert(db().manager, token('spend@example.com', 's1', '2026-01-01T10:00:00Z', null));
      await tokens.insert(db().manager, token('spend@example.com', 's2', '2026-01-03T10:00:00Z', null));
      const found = await tokens.findByHash(db().manager, 's1');
      expect(found).toMatchObject({ email: 'spend@example.com', refreshHash: 'r-s1', usedAt: null });
      expect(await tokens.spend(db().manager, found!.id, at('2026-01-01T10:01:00Z'))).toBe(true);
      expect(await tokens.spend(db().manager, found!.id, at('2026-01-01T10:02:00Z'))).toBe(false);
      await tokens.deleteCreatedBefore(db().manager, 'spend@example.com', at('2026-01-02T00:00:00Z'));
      expect(await tokens.findByHash(db().manager, 's1')).toBeNull();
      expect(await tokens.findByHash(db().manager, 's2')).not.toBeNull();
    });
  });

  describe('API keys', () => {
    it("lists a user's working keys newest first, finds one by hash until revoked, and revokes only one's own", async () => {
      const user = await newUser();
      const other = await newUser();
      const key = (name: string, createdAt: string) => ({
        userId: user.id,
        name,
        prefix: 'll_',
        keyHash: `h-${user.id}-${name}`,
        createdAt: at(createdAt),
      });
      const older = await apiKeys.insert(db().manager, key('older', '2026-01-01T00:00:00Z'));
      const newer = await apiKeys.insert(db().manager, key('newer', '2026-01-02T00:00:00Z'));
      expect((await apiKeys.listActive(db().manager, user.id)).map((k) => k.name)).toEqual(['newer', 'older']);
      expect(await apiKeys.revoke(db().manager, other.id, older.id, at('2026-01-03T00:00:00Z'))).toBe(false);
      expect(await apiKeys.revoke(db().manager, user.id, older.id, at('2026-01-03T00:00:00Z'))).toBe(true);
      expect(await apiKeys.revoke(db().manager, user.id, older.id, at('2026-01-04T00:00:00Z'))).toBe(false);
      expect(await apiKeys.findActiveByHash(db().manager, older.keyHash)).toBeNull();
      expect(await apiKeys.findActiveByHash(db().manager, newer.keyHash)).toMatchObject({ id: newer.id });
      expect((await apiKeys.listActive(db().manager, user.id)).map((k) => k.name)).toEqual(['newer']);
    });
  });
});
