import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type EntityManager } from 'typeorm';
import { type UserEntity } from '../persistence/user.entity';
import { UsersRepository } from '../persistence/users.repository';
import { OrderHistory } from '../ports/order-history';

/** What both sign-in methods do with the account: find or create it, and tell whether it has orders. */
@Injectable()
export class UserAccounts implements OnModuleInit {
  private orderHistory?: OrderHistory;

  constructor(
    private readonly users: UsersRepository,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * The orders module provides OrderHistory; it imports AuthModule, so AuthModule cannot import it back and finds
   * the provider across the application instead, once at boot (a missing one fails the boot, not a sign-in).
   */
  onModuleInit(): void {
    this.orderHistory = this.moduleRef.get(OrderHistory, { strict: false });
  }

  /** See {@link UsersRepository.findOrCreate}: a first sign-in is the signup. */
  findOrCreate(tx: EntityManager, email: string, now: Date, name?: string) {
    return this.users.findOrCreate(tx, email, now, name);
  }

  hasOrders(tx: EntityManager, user: UserEntity): Promise<boolean> {
    if (!this.orderHistory) throw new Error('OrderHistory is not provided (the orders module provides it)');
    return this.orderHistory.hasOrders(tx, user.id);
  }
}
