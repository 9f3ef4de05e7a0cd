import { Module } from '@nestjs/common';
import { CheckReadiness } from './application/check-readiness.use-case';
import { HealthController } from './http/health.controller';

@Module({ controllers: [HealthController], providers: [CheckReadiness] })
export class HealthModule {}
