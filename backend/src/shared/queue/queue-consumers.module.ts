import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsModule } from '../metrics/metrics.module';
import { JobConsumers, QueueModule } from './queue.module';

/**
 * Runs the job handlers: imported once, by the app. Apart from QueueModule because the consumers record into the
 * metrics, and the metrics read the queue's depth.
 */
@Module({
  imports: [DiscoveryModule, QueueModule, MetricsModule],
  providers: [JobConsumers],
})
export class QueueConsumersModule {}
