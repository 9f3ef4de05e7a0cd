import { QueueModule } from '../../shared/queue/queue.module';
import { Module } from '@nestjs/common';
import { StorageModule } from '../storage';
import { CheckReadiness } from './application/check-readiness.use-case';
import { HealthController } from './http/health.controller';

@Module({ imports: [QueueModule, StorageModule], controllers: [HealthController], providers: [CheckReadiness] })
export class HealthModule {}
