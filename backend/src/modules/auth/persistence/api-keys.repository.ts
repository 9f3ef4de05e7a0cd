import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

export interface NewApiKey {
  userId: number;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: Date;
}

/** The api_keys table. Every method takes the transaction handle it runs in. */
@Injectable()
export class ApiKeysRepository {
  insert(tx: EntityManager, key: NewApiKey): Promise<ApiKeyEntity> {
    const keys = tx.getRepository(ApiKeyEntity);
    return keys.save(keys.create(key));
  }

  /** The user's keys that still work, newest first. */
  listActive(tx: EntityManager, userId: number): Promise<ApiKeyEntity[]> {
    return tx
      .getRepository(ApiKeyEntity)
      .find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findActiveByHash(tx: EntityManager, keyHash: string): Promise<ApiKeyEntity | null> {
    return tx.getRepository(ApiKeyEntity).findOneBy({ keyHash, revokedAt: IsNull() });
  }

  async touch(tx: EntityManager, keyId: number, now: Date): Promise<void> {
    await tx.getRepository(ApiKeyEntity).update({ id: keyId }, { lastUsedAt: now });
  }

  /** Revokes one of the user's working keys; false when the user has no such key. */
  async revoke(tx: EntityManager, userId: number, keyId: number, now: Date): Promise<boolean> {
    const result = await tx
      .getRepository(ApiKeyEntity)
      .update({ id: keyId, userId, revokedAt: IsNull() }, { revokedAt: now });
    return result.affected === 1;
  }
}
