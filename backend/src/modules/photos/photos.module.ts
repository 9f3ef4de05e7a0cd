import { Module } from '@nestjs/common';
import { ListPhotos } from './application/list-photos.use-case';
import { OpenPhotoFile } from './application/open-photo-file.use-case';
import { QueuePhotoProcessing } from './application/queue-photo-processing.use-case';
import { StreamOrderZip } from './application/stream-order-zip.use-case';
import { UploadPhotos } from './application/upload-photos.use-case';
import { OrderDownloadController } from './http/order-download.controller';
import { PhotosController } from './http/photos.controller';

@Module({
  controllers: [PhotosController, OrderDownloadController],
  providers: [UploadPhotos, ListPhotos, OpenPhotoFile, QueuePhotoProcessing, StreamOrderZip],
})
export class PhotosModule {}
