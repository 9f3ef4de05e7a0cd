import { Module } from '@nestjs/common';
import { EventsModule } from '../../shared/events/events.module';
import { QueueModule } from '../../shared/queue/queue.module';
import { AnalyticsModule } from '../analytics';
import { AuthModule, OrderHistory } from '../auth';
import { StorageModule } from '../storage';
import { ChangeOrderLook } from './application/change-order-look.use-case';
import { ChangeOrderPrivacyBlur } from './application/change-order-privacy-blur.use-case';
import { CompleteOrderIfDone } from './application/complete-order-if-done.use-case';
import { GetOrder } from './application/get-order.use-case';
import { HarmoniseOrder } from './application/harmonise-order.use-case';
import { HarmoniseOrderJob } from './jobs/harmonise-order.job';
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
import { CompletedOrders } from './application/completed-orders';
import { OrderCredits } from './application/order-credits';
import { OrderReceipts } from './application/order-receipts';
import { OrderRetention } from './application/order-retention';
import { OwnedOrders } from './application/owned-orders';

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
    ChangeOrderLook,
    ChangeOrderPrivacyBlur,
    CompleteOrderIfDone,
    HarmoniseOrder,
    HarmoniseOrderJob,
    ReadyEmailThumbnails,
    SendPhotosReadyEmail,
    PhotosReadyJob,
    RequeueUnfinishedOrders,
    OrderCredits,
    OwnedOrders,
    OrderReceipts,
    CompletedOrders,
    OrderRetention,
  ],
  exports: [
    OrderHistory,
    GetOrder,
    CompleteOrderIfDone,
    OrderCredits,
    OwnedOrders,
    OrderReceipts,
    CompletedOrders,
    OrderRetention,
  ],
})
export class OrdersModule {}
