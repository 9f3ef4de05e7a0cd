import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ApiKeyEntity } from '../persistence/api-key.entity';
import { ApiKeysRepository } from '../persistence/api-keys.repository';

/** The caller's keys that still work, newest first. */
@Injectable()
export class ListApiKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apiKeys: ApiKeysRepository,
  ) {}

  execute(userId: number): Promise<ApiKeyEntity[]> {
    return this.apiKeys.listActive(this.dataSource.manager, userId);
  }
}
