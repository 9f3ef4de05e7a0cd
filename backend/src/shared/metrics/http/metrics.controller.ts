import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Response } from 'express';
import { AppMetrics } from '../app-metrics';
import { MetricsTokenGuard } from './metrics-token.guard';

@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: AppMetrics) {}

  @Get()
  @UseGuards(MetricsTokenGuard)
  @ApiOperation({
    summary: "Prometheus metrics of this process (for the operator's scraper, not for integrators)",
    description:
      'When the server sets METRICS_TOKEN, send it as `Authorization: Bearer <token>`; otherwise the route is open ' +
      'and should only be reachable from the internal network.',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4', schema: { type: 'string' } })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and was not sent' })
  async scrape(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Type', this.metrics.contentType);
    return this.metrics.scrape();
  }
}
