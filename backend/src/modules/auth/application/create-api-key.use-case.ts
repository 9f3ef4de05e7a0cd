import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ApiKeyEntity } from '../persistence/api-key.entity';
import { ApiKeysRepository } from '../persistence/api-keys.repository';
import { newApiKey } from '../domain/api-key';
import { sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';

/** A new integrator key. The clear key is returned this once; we keep its hash and a visible prefix. */
@Injectable()
export class CreateApiKey {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apiKeys: ApiKeysRepository,
    private readonly clock: Clock,
  ) {}

  async execute(userId: number, name: string): Promise<{ entity: ApiKeyEntity; key: string }> {
    const { key, prefix } = newApiKey();
    const entity = await this.apiKeys.insert(this.dataSource.manager, {
      userId,
      name: name.trim(),
      prefix,
      keyHash: sha256(key),
      createdAt: this.clock.now(),
    });
    return { entity, key };
  }
}
