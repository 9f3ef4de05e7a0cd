import { Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { AppMetrics } from './app-metrics';
import { MetricsController } from './http/metrics.controller';
import { MetricsTokenGuard } from './http/metrics-token.guard';
import { WorkerMetricsServer } from './worker-metrics-server';

/**
 * The one registry: imported by the job consumers, retention and enhancement; the HTTP middleware reads it from the
 * app. It reads the queue's depth, so it imports QueueModule.
 */
@Module({
  imports: [QueueModule],
  controllers: [MetricsController],
  providers: [AppMetrics, MetricsTokenGuard, WorkerMetricsServer],
  exports: [AppMetrics],
})
export class MetricsModule {}
