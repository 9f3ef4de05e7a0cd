import { Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/app-config';
import { FilesystemObjectStorage } from './adapters/filesystem.object-storage';
import { S3ObjectStorage } from './adapters/s3.object-storage';
import { ObjectStorage } from './ports/object-storage';

/** Provides {@link ObjectStorage}: S3/MinIO when `S3_ENDPOINT` is set, else files under `DATA_DIR/objects`. */
@Module({
  providers: [
    {
      provide: ObjectStorage,
      inject: [AppConfig],
      useFactory: (config: AppConfig): ObjectStorage =>
        config.s3 ? new S3ObjectStorage(config.s3) : new FilesystemObjectStorage(path.join(config.dataDir, 'objects')),
    },
  ],
  exports: [ObjectStorage],
})
export class StorageModule {}
