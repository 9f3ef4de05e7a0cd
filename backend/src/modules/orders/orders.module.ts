import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { StorageModule } from '../storage';
import { CompleteOrderIfDone } from './application/complete-order-if-done.use-case';
import { GetOrder } from './application/get-order.use-case';
import { RequeueUnfinishedOrders } from './application/requeue-unfinished-orders.use-case';
import { ListOrders } from './application/list-orders.use-case';
import { ReadyEmailThumbnails } from './application/ready-email-thumbnails';
import { SendPhotosReadyEmail } from './application/send-photos-ready-email.use-case';
import { UpdateOrderStatus } from './application/update-order-status.use-case';
import { OrdersController } from './http/orders.controller';
import { PhotosReadyJob } from './jobs/photos-ready.job';
import { CreditsRepository } from './persistence/credits.repository';
import { OrdersRepository } from './persistence/orders.repository';

@Module({
  imports: [AuthModule, StorageModule],
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    CreditsRepository,
    ListOrders,
    GetOrder,
    UpdateOrderStatus,
    CompleteOrderIfDone,
    ReadyEmailThumbnails,
    SendPhotosReadyEmail,
    PhotosReadyJob,
    RequeueUnfinishedOrders,
  ],
  exports: [OrdersRepository, CreditsRepository, GetOrder, CompleteOrderIfDone],
})
export class OrdersModule {}
