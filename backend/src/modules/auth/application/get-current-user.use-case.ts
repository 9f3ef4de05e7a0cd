import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type UserEntity } from '../persistence/user.entity';
import { UsersRepository } from '../persistence/users.repository';
import { UnauthorizedError } from '../../../shared/errors/app-error';

@Injectable()
export class GetCurrentUser {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  async execute(userId: number): Promise<UserEntity> {
    const user = await this.users.findById(this.dataSource.manager, userId);
    // Sessions cascade with their user, so this only happens if the account vanished mid-request.
    if (!user) throw new UnauthorizedError();
    return user;
  }
}
