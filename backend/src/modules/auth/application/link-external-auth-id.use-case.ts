import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type UserEntity } from '../persistence/user.entity';
import { UsersRepository } from '../persistence/users.repository';
import { NotFoundError } from '../../../shared/errors/app-error';

/**
 * Account repair (`POST /api/auth/fix-supabase-id`, path kept from the original product): links an account created
 * before sign-in identities were recorded to its identity, i.e. gives it an external auth id. Idempotent: an
 * account that already has one keeps it.
 */
@Injectable()
export class LinkExternalAuthId {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  async execute(userId: number): Promise<UserEntity> {
    await this.users.linkExternalAuthId(this.dataSource.manager, userId);
    const user = await this.users.findById(this.dataSource.manager, userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'Failed to fix account. Please try again later.');
    return user;
  }
}
