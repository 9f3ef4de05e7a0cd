import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { ENTITIES } from './entities';
import { dataSourceOptions, openDatabase } from './data-source';

/** One data source per process, migrated before anything else uses it; repositories are injectable everywhere. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => dataSourceOptions(config),
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
