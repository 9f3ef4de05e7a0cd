import { type DataSource, type EntityManager } from 'typeorm';
import { strictFake, transactionHandle } from '../../../../test/fakes/strict-fake';
import { MAGIC_LINK_MESSAGES } from '../domain/magic-link';
import { sha256 } from '../domain/secret-token';
import { type LoginTokenEntity } from '../persistence/login-token.entity';
import { type LoginTokensRepository } from '../persistence/login-tokens.repository';
import { type UserEntity } from '../persistence/user.entity';
import { type Clock } from '../ports/clock';
import { type Sessions } from './sessions';
import { type UserAccounts } from './user-accounts';
import { VerifyMagicLink } from './verify-magic-link.use-case';

/**
 * A sign-in link works once: the token is spent, the account found or created and the session started in one
 * transaction, and a replay that loses the race to spend it changes nothing. Strict fakes: any call the test did
 * not expect fails it.
 */
describe('VerifyMagicLink', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const tx = transactionHandle('tx');
  const dataSource = strictFake<DataSource>('dataSource', {
    transaction: (work: (em: EntityManager) => Promise<unknown>) => work(tx),
  });
  const clock = strictFake<Clock>('clock', { now: () => now });
  const token = {
    id: 5,
    email: 'host@example.com',
    tokenHash: sha256('access'),
    refreshHash: sha256('refresh'),
    expiresAt: new Date('2026-01-01T10:15:00Z'),
    usedAt: null,
  } as LoginTokenEntity;
  const user = { id: 9, email: 'host@example.com' } as UserEntity;

  function setUp(spendWins: boolean) {
    const calls: string[] = [];
    const tokens = strictFake<LoginTokensRepository>('tokens', {
      findByHash: async (handle: EntityManager, hash: string) =>
        handle === tx && hash === token.tokenHash ? token : null,
      spend: async (handle: EntityManager) => (calls.push(`spend in ${handle === tx ? 'tx' : '?'}`), spendWins),
    });
    const accounts = strictFake<UserAccounts>('accounts', {
      findOrCreate: async (handle: EntityManager, email: string) => (
        calls.push(`account ${email} in ${handle === tx ? 'tx' : '?'}`),
        { user, isNewUser: true }
      ),
      hasOrders: async (handle: EntityManager) => (calls.push(`orders? in ${handle === tx ? 'tx' : '?'}`), false),
    });
    const sessions = strictFake<Sessions>('sessions', {
      start: async (userId: number, _context: unknown, handle: EntityManager) => (
        calls.push(`session ${userId} in ${handle === tx ? 'tx' : '?'}`),
        { token: 'cookie', expiresAt: now }
      ),
    });
    return { calls, useCase: new VerifyMagicLink(dataSource, tokens, accounts, sessions, clock) };
  }

  it('spends the token, finds or creates the account and starts its session, all in one transaction', async () => {
    const { calls, useCase } = setUp(true);
    const result = await useCase.execute({ accessToken: 'access', refreshToken: 'refresh' });
    expect(result).toEqual({
      user,
      isNewUser: true,
      hasOrders: false,
      session: { token: 'cookie', expiresAt: now },
    });
    expect(calls).toEqual(['spend in tx', 'account host@example.com in tx', 'session 9 in tx', 'orders? in tx']);
  });

  it('answers "already used" to a replay that lost the race to spend the token, and signs no one in', async () => {
    const { calls, useCase } = setUp(false);
    await expect(useCase.execute({ accessToken: 'access', refreshToken: 'refresh' })).rejects.toMatchObject({
      message: MAGIC_LINK_MESSAGES.used,
    });
    expect(calls).toEqual(['spend in tx']);
  });

  it('refuses a refresh token that does not match, spending nothing', async () => {
    const { calls, useCase } = setUp(true);
    await expect(useCase.execute({ accessToken: 'access', refreshToken: 'other' })).rejects.toMatchObject({
      message: MAGIC_LINK_MESSAGES.invalid,
    });
    expect(calls).toEqual([]);
  });
});
