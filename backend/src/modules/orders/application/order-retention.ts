import { Injectable } from '@nestjs/common';
import { OrdersRepository } from '../persistence/orders.repository';

/** What retention reads and marks of an order: the orders due for the purge or its reminder, and the purge mark. */
@Injectable()
export class OrderRetention {
  constructor(private readonly repository: OrdersRepository) {}

  dueForPurge(...args: Parameters<OrdersRepository['dueForPurge']>): ReturnType<OrdersRepository['dueForPurge']> {
    return this.repository.dueForPurge(...args);
  }

  markPurged(...args: Parameters<OrdersRepository['markPurged']>): ReturnType<OrdersRepository['markPurged']> {
    return this.repository.markPurged(...args);
  }

  dueForPurgeReminder(
    ...args: Parameters<OrdersRepository['dueForPurgeReminder']>
  ): ReturnType<OrdersRepository['dueForPurgeReminder']> {
    return this.repository.dueForPurgeReminder(...args);
  }

  purgeReminderFacts(
    ...args: Parameters<OrdersRepository['purgeReminderFacts']>
  ): ReturnType<OrdersRepository['purgeReminderFacts']> {
    return this.repository.purgeReminderFacts(...args);
  }
}

/** What a Nest context needs to inject OrderRetention without the whole OrdersModule (the purge CLI: no queue). */
export const orderRetentionProviders = [OrdersRepository, OrderRetention];
