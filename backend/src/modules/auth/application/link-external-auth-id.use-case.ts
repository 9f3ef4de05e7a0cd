import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { UserEntity } from '../persistence/user.entity';
import { NotFoundError } from '../../../shared/errors/app-error';

/**
 * Account repair (`POST /api/auth/fix-supabase-id`, path kept from the original product): links an account created
 * before sign-in identities were recorded to its identity, i.e. gives it an external auth id. Idempotent: an
 * account that already has one keeps it.
 */
@Injectable()
export class LinkExternalAuthId {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute(userId: number): Promise<UserEntity> {
    await this.users.update({ id: userId, supabaseId: IsNull() }, { supabaseId: randomUUID() });
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Failed to fix account. Please try again later.');
    return user;
  }
}
