import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeysRepository } from '../persistence/api-keys.repository';
import { NotFoundError } from '../../../shared/errors/app-error';
import { Clock } from '../ports/clock';

export const apiKeyNotFound = () => new NotFoundError('API_KEY_NOT_FOUND', 'This API key does not exist.');

/** Revokes one of the caller's keys at once; someone else's key id is "not found", never "forbidden". */
@Injectable()
export class RevokeApiKey {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apiKeys: ApiKeysRepository,
    private readonly clock: Clock,
  ) {}

  async execute(userId: number, id: number): Promise<void> {
    const revoked = await this.apiKeys.revoke(this.dataSource.manager, userId, id, this.clock.now());
    if (!revoked) throw apiKeyNotFound();
  }
}
