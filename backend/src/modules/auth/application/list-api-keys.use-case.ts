import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity } from '../persistence/api-key.entity';

/** The caller's keys that still work, newest first. */
@Injectable()
export class ListApiKeys {
  constructor(@InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>) {}

  execute(userId: number): Promise<ApiKeyEntity[]> {
    return this.apiKeys.find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
