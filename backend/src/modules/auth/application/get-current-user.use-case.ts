import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from '../persistence/user.entity';
import { UnauthorizedError } from '../../../shared/errors/app-error';

@Injectable()
export class GetCurrentUser {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute(userId: number): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id: userId });
    // Sessions cascade with their user, so this only happens if the account vanished mid-request.
    if (!user) throw new UnauthorizedError();
    return user;
  }
}
