import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { dataSourceOptions, openDatabase } from './data-source';
import { EmbeddedDatabaseInUseError } from '../shared/db/pglite-driver';

/** One data source per process, migrated before anything else uses it; repositories are injectable everywhere. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      // A Postgres server that is still starting is worth the retries; an embedded database held by another
      // process will not free itself in 27 seconds.
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        toRetry: (err: unknown) => !(err instanceof EmbeddedDatabaseInUseError),
      }),
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('Database options missing');
        return openDatabase(options);
      },
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
