import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../persistence/users.repository';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { normalizeEmail } from '../domain/magic-link';
import { Clock } from '../ports/clock';
import { type GoogleProfile } from '../ports/google-identity';
import { Sessions } from './sessions';
import { UserAccounts } from './user-accounts';
import { type SignInResult } from './verify-magic-link.use-case';

export const UNVERIFIED_GOOGLE_EMAIL = 'Your Google account email is not verified, so we cannot sign you in with it.';

/**
 * Signs in a person Google vouched for (by ID token or by the code flow). The Google id finds the account; failing
 * that, the verified address does, and the Google identity joins that account; failing that, this is a signup.
 */
@Injectable()
export class SignInWithGoogle {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly accounts: UserAccounts,
    private readonly sessions: Sessions,
    private readonly clock: Clock,
  ) {}

  async execute(
    profile: GoogleProfile,
    context: { userAgent?: string; previousSessionToken?: string },
  ): Promise<SignInResult> {
    // An unverified address would let anyone claim someone else's account by typing their email into Google.
    if (!profile.emailVerified) throw new UnauthorizedError(UNVERIFIED_GOOGLE_EMAIL, 'GOOGLE_EMAIL_UNVERIFIED');
    const now = this.clock.now();

    return this.dataSource.transaction(async (em) => {
      let user = await this.users.findByGoogleId(em, profile.sub);
      let isNewUser = false;
      if (!user) {
        const found = await this.accounts.findOrCreate(em, normalizeEmail(profile.email), now, profile.name);
        ({ user, isNewUser } = found);
        if (user.googleId && user.googleId !== profile.sub) {
          throw new UnauthorizedError('This email is already linked to a different Google account.', 'GOOGLE_CONFLICT');
        }
        user = await this.users.linkGoogle(em, user.id, profile.sub, user.name ?? profile.name ?? null);
      }
      const session = await this.sessions.start(
        user.id,
        { userAgent: context.userAgent, previousToken: context.previousSessionToken },
        em,
      );
      return { user, isNewUser, hasOrders: await this.accounts.hasOrders(em, user), session };
    });
  }
}
