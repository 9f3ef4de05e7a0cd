import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoginTokensRepository } from '../persistence/login-tokens.repository';
import { type UserEntity } from '../persistence/user.entity';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { loginTokenState, MAGIC_LINK_MESSAGES } from '../domain/magic-link';
import { sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';
import { type StartedSession, Sessions } from './sessions';
import { UserAccounts } from './user-accounts';

export interface SignInResult {
  user: UserEntity;
  isNewUser: boolean;
  hasOrders: boolean;
  session: StartedSession;
}

/**
 * Uses a sign-in link: the confirm page POSTs its tokens here (opening the link never consumes it, so mail
 * scanners that fetch links cannot burn it). The token is spent, the account found or created and the session
 * started in one transaction; a concurrent replay loses the conditional update and gets "already used".
 */
@Injectable()
export class VerifyMagicLink {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: LoginTokensRepository,
    private readonly accounts: UserAccounts,
    private readonly sessions: Sessions,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    accessToken?: string;
    refreshToken?: string;
    userAgent?: string;
    previousSessionToken?: string;
  }): Promise<SignInResult> {
    const { accessToken, refreshToken } = input;
    if (!accessToken || !refreshToken) throw invalid(MAGIC_LINK_MESSAGES.invalid);
    const now = this.clock.now();

    return this.dataSource.transaction(async (em) => {
      const token = await this.tokens.findByHash(em, sha256(accessToken));
      if (!token || token.refreshHash !== sha256(refreshToken)) throw invalid(MAGIC_LINK_MESSAGES.invalid);
      const state = loginTokenState(token, now);
      if (state !== 'valid') throw invalid(MAGIC_LINK_MESSAGES[state]);

      if (!(await this.tokens.spend(em, token.id, now))) throw invalid(MAGIC_LINK_MESSAGES.used);

      const { user, isNewUser } = await this.accounts.findOrCreate(em, token.email, now);
      const session = await this.sessions.start(
        user.id,
        { userAgent: input.userAgent, previousToken: input.previousSessionToken },
        em,
      );
      return { user, isNewUser, hasOrders: await this.accounts.hasOrders(em, user), session };
    });
  }
}

function invalid(message: string): UnauthorizedError {
  return new UnauthorizedError(message, 'INVALID_LOGIN_LINK');
}
