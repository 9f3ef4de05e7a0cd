import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiKeyEntity } from '../persistence/api-key.entity';
import { newApiKey } from '../domain/api-key';
import { sha256 } from '../domain/secret-token';
import { Clock } from '../ports/clock';

/** A new integrator key. The clear key is returned this once; we keep its hash and a visible prefix. */
@Injectable()
export class CreateApiKey {
  constructor(
    @InjectRepository(ApiKeyEntity) private readonly apiKeys: Repository<ApiKeyEntity>,
    private readonly clock: Clock,
  ) {}

  async execute(userId: number, name: string): Promise<{ entity: ApiKeyEntity; key: string }> {
    const { key, prefix } = newApiKey();
    const entity = this.apiKeys.create({
      userId,
      name: name.trim(),
      prefix,
      keyHash: sha256(key),
      createdAt: this.clock.now(),
    });
    return { entity: await this.apiKeys.save(entity), key };
  }
}
