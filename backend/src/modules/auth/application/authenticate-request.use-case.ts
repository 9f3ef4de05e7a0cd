import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeysRepository } from '../persistence/api-keys.repository';
import { UsersRepository } from '../persistence/users.repository';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';
import { Sessions } from './sessions';

/** Like last_seen_at on sessions: a coarse "last used" is enough and keeps every API call from writing. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export const INVALID_API_KEY_MESSAGE = 'This API key is invalid or has been revoked.';

/** Who is calling: an API key when the request brings one (the cookie is then ignored), else the session cookie. */
@Injectable()
export class AuthenticateRequest {
  constructor(
    private readonly sessions: Sessions,
    private readonly dataSource: DataSource,
    private readonly apiKeys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async execute(credentials: { apiKey?: string; sessionToken?: string }): Promise<AuthenticatedUser | null> {
    if (credentials.apiKey !== undefined) return this.byApiKey(credentials.apiKey);
    if (credentials.sessionToken) return this.sessions.resolve(credentials.sessionToken);
    return null;
  }

  private async byApiKey(key: string): Promise<AuthenticatedUser> {
    const tx = this.dataSource.manager;
    const found = await this.apiKeys.findActiveByHash(tx, sha256(key));
    const user = found && (await this.users.findById(tx, found.userId));
    if (!found || !user) throw new UnauthorizedError(INVALID_API_KEY_MESSAGE, 'INVALID_API_KEY');
    const now = this.clock.now();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.apiKeys.touch(tx, found.id, now);
    }
    return { id: user.id, email: user.email, via: 'apiKey', apiKeyId: found.id };
  }
}
