import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { type AppConfig } from '../../../config/app-config';
import { sha256 } from '../domain/secret-token';
import { type NewSession, type SessionsRepository, type StoredSession } from '../persistence/sessions.repository';
import { type Clock } from '../ports/clock';
import { Sessions } from './sessions';

/**
 * Who a session cookie belongs to, and that signing out ends it on the very next request. On the embedded database
 * this process keeps what it read for a few seconds; on PostgreSQL another replica may sign the session out, so
 * every request reads the table.
 */
describe('Sessions', () => {
  const tx = transactionHandle('tx');
  const dataSource = strictFake<DataSource>('dataSource', { manager: tx });
  const minute = 60 * 1000;

  function setUp(databaseUrl?: string) {
    let now = new Date('2026-01-01T10:00:00Z');
    const clock = strictFake<Clock>('clock', { now: () => now });
    const table = new Map<string, StoredSession>();
    const reads: string[] = [];
    const touches: Date[] = [];
    /** When set, the next read waits for the test to let it answer with what it found when it started. */
    let pause: Promise<void> | undefined;
    const repository = strictFake<SessionsRepository>('sessions', {
      insert: async (_: EntityManager, s: NewSession) =>
        void table.set(s.tokenHash, {
          userId: s.userId,
          email: `user${s.userId}@example.com`,
          expiresAt: s.expiresAt,
          lastSeenAt: s.createdAt,
        }),
      delete: async (_: EntityManager, hash: string) => void table.delete(hash),
      deleteExpired: async () => undefined,
      find: async (_: EntityManager, hash: string) => {
        reads.push(hash);
        const found = table.get(hash);
        const row = found ? { ...found } : null;
        if (pause) await pause;
        return row;
      },
      touch: async (_: EntityManager, hash: string, at: Date) => {
        touches.push(at);
        const found = table.get(hash);
        if (found) found.lastSeenAt = at;
      },
    });
    const config = { databaseUrl, session: { ttlDays: 30 } } as AppConfig;
    const sessions = new Sessions(dataSource, repository, config, clock);
    return {
      sessions,
      table,
      reads,
      touches,
      later: (ms: number) => (now = new Date(now.getTime() + ms)),
      pauseReads: () => {
        let release!: () => void;
        pause = new Promise((r) => (release = r));
        return () => ((pause = undefined), release());
      },
    };
  }

  it('reads a session once for a burst of requests, and refuses it on the request after sign-out', async () => {
    const { sessions, reads } = setUp();
    const { token } = await sessions.start(7, {});
    expect(await sessions.resolve(token)).toEqual({ id: 7, email: 'user7@example.com', via: 'session' });
    expect(await sessions.resolve(token)).toEqual({ id: 7, email: 'user7@example.com', via: 'session' });
    expect(reads).toHaveLength(1);

    await sessions.end(token);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('does not let a request that read the session before sign-out bring it back', async () => {
    const { sessions, pauseReads } = setUp();
    const { token } = await sessions.start(8, {});
    // A request starts reading the session; the sign-out happens meanwhile; then the read answers with the row.
    const letReadAnswer = pauseReads();
    const reading = sessions.resolve(token);
    await sessions.end(token);
    letReadAnswer();
    // That request read before the row was deleted, like any request already past its check.
    expect(await reading).toMatchObject({ id: 8 });
    expect(await sessions.resolve(token)).toBeNull();
  });

  it("ends the browser's previous session at a new sign-in, at once", async () => {
    const { sessions } = setUp();
    const first = await sessions.start(7, {});
    expect(await sessions.resolve(first.token)).toMatchObject({ id: 7 });
    const second = await sessions.start(7, { previousToken: first.token });
    expect(await sessions.resolve(first.token)).toBeNull();
    expect(await sessions.resolve(second.token)).toMatchObject({ id: 7 });
  });

  it('still refuses a session once it expires, and records activity at most every five minutes', async () => {
    const { sessions, touches, later } = setUp();
    const { token } = await sessions.start(7, {});
    await sessions.resolve(token);
    later(6 * minute);
    await sessions.resolve(token);
    await sessions.resolve(token);
    expect(touches).toHaveLength(1);
    later(30 * 24 * 60 * minute);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('reads the table on every request with PostgreSQL, where another replica may sign the session out', async () => {
    const { sessions, table, reads } = setUp('postgres://db/app');
    const { token } = await sessions.start(7, {});
    expect(await sessions.resolve(token)).toMatchObject({ id: 7 });
    // Another replica's sign-out: the row goes without this process hearing of it.
    table.delete(sha256(token));
    expect(await sessions.resolve(token)).toBeNull();
    expect(reads).toHaveLength(2);
  });
});
