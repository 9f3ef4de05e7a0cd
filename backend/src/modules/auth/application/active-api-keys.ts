import { Injectable } from '@nestjs/common';
import { ApiKeysRepository } from '../persistence/api-keys.repository';

/** Which of a user's API keys still work (webhooks: a revoked key's endpoints hear nothing). */
@Injectable()
export class ActiveApiKeys {
  constructor(private readonly repository: ApiKeysRepository) {}

  listActive(...args: Parameters<ApiKeysRepository['listActive']>): ReturnType<ApiKeysRepository['listActive']> {
    return this.repository.listActive(...args);
  }
}
