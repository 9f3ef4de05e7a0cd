import { Module } from '@nestjs/common';
import { StorageModule } from '../storage';
import { QueueModule } from '../../shared/queue/queue.module';
import { AnalyticsModule } from '../analytics';
import { AuthModule } from '../auth';
import { OrderLook, OrdersModule } from '../orders';
import { ListPhotoAdjustments } from './application/list-photo-adjustments.use-case';
import { ListPhotos } from './application/list-photos.use-case';
import { OpenPhotoFile } from './application/open-photo-file.use-case';
import { QueuePhotoProcessing } from './application/queue-photo-processing.use-case';
import { RequestPhotoAdjustment } from './application/request-photo-adjustment.use-case';
import { StreamOrderZip } from './application/stream-order-zip.use-case';
import { UploadPhotos } from './application/upload-photos.use-case';
import { OrderDownloadController } from './http/order-download.controller';
import { PhotoAdjustmentsController } from './http/photo-adjustments.controller';
import { PhotosController } from './http/photos.controller';
import { AdjustmentsRepository } from './persistence/adjustments.repository';
import { PhotosRepository } from './persistence/photos.repository';
import { FinishedPhotos } from './application/finished-photos';
import { DeliveredPhotos } from './application/delivered-photos';
import { PhotoRetention } from './application/photo-retention';
import { AdjustPhoto } from './application/adjust-photo.use-case';
import { EnhancePhoto } from './application/enhance-photo.use-case';
import { RenderOrderLook } from './application/render-order-look';
import { RequeueQueuedAdjustments } from './application/requeue-queued-adjustments.use-case';
import { RequeueUnfinishedEnhancements } from './application/requeue-unfinished-enhancements.use-case';
import { AdjustPhotoJob } from './jobs/adjust-photo.job';
import { EnhancePhotoJob } from './jobs/enhance-photo.job';
import { EventsModule } from '../../shared/events/events.module';
import { MetricsModule } from '../../shared/metrics/metrics.module';
import { EnhancementModule } from '../enhancement';
import { NotificationsModule } from '../notifications';

@Module({
  imports: [
    AuthModule,
    AnalyticsModule,
    EnhancementModule,
    EventsModule,
    MetricsModule,
    NotificationsModule,
    OrdersModule,
    QueueModule,
    StorageModule,
  ],
  controllers: [PhotosController, PhotoAdjustmentsController, OrderDownloadController],
  providers: [
    PhotosRepository,
    AdjustmentsRepository,
    UploadPhotos,
    ListPhotos,
    OpenPhotoFile,
    QueuePhotoProcessing,
    StreamOrderZip,
    RequestPhotoAdjustment,
    ListPhotoAdjustments,
    FinishedPhotos,
    DeliveredPhotos,
    PhotoRetention,
    // The photos.enhance and photos.adjust jobs: the photo's steps are this module's, the rendering enhancement's.
    EnhancePhoto,
    EnhancePhotoJob,
    RequeueUnfinishedEnhancements,
    AdjustPhoto,
    AdjustPhotoJob,
    RequeueQueuedAdjustments,
    // Orders owns an order's steps and asks this module to render the order's look (orders cannot import photos).
    { provide: OrderLook, useClass: RenderOrderLook },
  ],
  exports: [FinishedPhotos, DeliveredPhotos, PhotoRetention, OrderLook],
})
export class PhotosModule {}
