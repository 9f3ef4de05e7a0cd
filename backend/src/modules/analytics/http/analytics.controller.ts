import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { type Request } from 'express';
import { AppConfig } from '../../../config/app-config';
import { AuthenticateRequest, readBearerKey, readSessionCookie } from '../../auth';
import { RecordClientEvents } from '../application/record-client-events.use-case';
import { ANALYTICS_SETTINGS } from '../domain/analytics-events';
import { AnalyticsConfigDto, ClientEventBatchDto, RecordedDto } from './analytics.dto';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly config: AppConfig,
    private readonly record: RecordClientEvents,
    private readonly authenticate: AuthenticateRequest,
  ) {}

  @Get('config')
  @ApiOperation({ summary: "Where the web client sends its events: PostHog's public key, or this server" })
  @ApiOkResponse({ type: AnalyticsConfigDto })
  clientConfig(): AnalyticsConfigDto {
    const common = { batchSize: ANALYTICS_SETTINGS.batchSize, flushIntervalMs: ANALYTICS_SETTINGS.flushIntervalMs };
    return this.config.posthog
      ? { provider: 'posthog', key: this.config.posthog.key, host: this.config.posthog.host, ...common }
      : { provider: 'database', ...common };
  }

  @Post('events')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a batch of product events from the web client (at most 50)' })
  @ApiOkResponse({ type: RecordedDto })
  @ApiTooManyRequestsResponse({ description: 'Too many batches from this address; see Retry-After' })
  async events(@Body() body: ClientEventBatchDto, @Req() req: Request): Promise<RecordedDto> {
    const user = await this.authenticate.execute({ apiKey: readBearerKey(req), sessionToken: readSessionCookie(req) });
    const recorded = await this.record.execute(body.events, { ip: req.ip ?? 'unknown', userId: user?.id ?? null });
    return { recorded };
  }
}
