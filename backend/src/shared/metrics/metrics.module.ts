import { Global, Module } from '@nestjs/common';
import { AppMetrics } from './app-metrics';
import { MetricsController } from './http/metrics.controller';
import { MetricsTokenGuard } from './http/metrics-token.guard';
import { WorkerMetricsServer } from './worker-metrics-server';

/** Global so the job consumers, the HTTP middleware and any use case can record into the one registry. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [AppMetrics, MetricsTokenGuard, WorkerMetricsServer],
  exports: [AppMetrics],
})
export class MetricsModule {}
