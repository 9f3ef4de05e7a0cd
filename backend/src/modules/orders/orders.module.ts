import { Module } from '@nestjs/common';
import { EventsModule } from '../../shared/events/events.module';
import { QueueModule } from '../../shared/queue/queue.module';
import { AnalyticsModule } from '../analytics';
import { AuthModule, OrderHistory } from '../auth';
import { StorageModule } from '../storage';
import { CompleteOrderIfDone } from './application/complete-order-if-done.use-case';
import { GetOrder } from './application/get-order.use-case';
import { MarkOrderHarmonised } from './application/mark-order-harmonised.use-case';
import { RequeueUnfinishedOrders } from './application/requeue-unfinished-orders.use-case';
import { ListOrders } from './application/list-orders.use-case';
import { ReadyEmailThumbnails } from './application/ready-email-thumbnails';
import { SendPhotosReadyEmail } from './application/send-photos-ready-email.use-case';
import { UpdateOrderStatus } from './application/update-order-status.use-case';
import { OrdersController } from './http/orders.controller';
import { PhotosReadyJob } from './jobs/photos-ready.job';
import { CreditsRepository } from './persistence/credits.repository';
import { OrdersRepository } from './persistence/orders.repository';
import { OwedEmailsModule } from '../notifications';

@Module({
  imports: [AuthModule, AnalyticsModule, EventsModule, OwedEmailsModule, QueueModule, StorageModule],
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    // Auth asks at sign-in whether a user has orders; the answer is this module's, so it provides auth's port.
    { provide: OrderHistory, useExisting: OrdersRepository },
    CreditsRepository,
    ListOrders,
    GetOrder,
    UpdateOrderStatus,
    CompleteOrderIfDone,
    MarkOrderHarmonised,
    ReadyEmailThumbnails,
    SendPhotosReadyEmail,
    PhotosReadyJob,
    RequeueUnfinishedOrders,
  ],
  exports: [OrdersRepository, CreditsRepository, OrderHistory, GetOrder, CompleteOrderIfDone, MarkOrderHarmonised],
})
export class OrdersModule {}
