import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity } from '../persistence/api-key.entity';
import { NotFoundError } from '../../../shared/errors/app-error';
import { Clock } from '../ports/clock';

/** Revokes one of the caller's keys at once; someone else's key id is "not found", never "forbidden". */
@Injectable()
export class RevokeApiKey {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>,
    private readonly clock: Clock,
  ) {}

  async execute(userId: number, id: number): Promise<void> {
    const result = await this.apiKeys.update({ id, userId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    if (result.affected !== 1) throw new NotFoundError('API_KEY_NOT_FOUND', 'This API key does not exist.');
  }
}
