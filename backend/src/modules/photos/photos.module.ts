import { Module } from '@nestjs/common';
import { StorageModule } from '../storage';
import { QueueModule } from '../../shared/queue/queue.module';
import { AnalyticsModule } from '../analytics';
import { AuthModule } from '../auth';
import { OrdersModule } from '../orders';
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
import { AdjustmentRendering } from './application/adjustment-rendering';
import { FinishedPhotos } from './application/finished-photos';
import { PhotoRendering } from './application/photo-rendering';
import { PhotoRetention } from './application/photo-retention';

@Module({
  imports: [AuthModule, AnalyticsModule, OrdersModule, QueueModule, StorageModule],
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
    PhotoRendering,
    AdjustmentRendering,
    FinishedPhotos,
    PhotoRetention,
  ],
  exports: [PhotoRendering, AdjustmentRendering, FinishedPhotos, PhotoRetention],
})
export class PhotosModule {}
