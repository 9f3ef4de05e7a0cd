import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ANALYTICS_EVENTS, type AnalyticsEventName, CLIENT_EVENT_LIMITS } from '../domain/analytics-events';

export class ClientEventDto {
  @ApiProperty({ enum: ANALYTICS_EVENTS })
  @IsIn(ANALYTICS_EVENTS)
  event: AnalyticsEventName;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    description: 'Flat scalar fields of spec section 3 (analytics event fields); others are dropped',
  })
  @IsOptional()
  @IsObject()
  properties?: Record<string, unknown>;

  @ApiPropertyOptional({ description: "The browser's anonymous id (ignored when signed in)" })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(CLIENT_EVENT_LIMITS.maxDistinctIdLength)
  distinctId?: string;
}

export class ClientEventBatchDto {
  @ApiProperty({ type: [ClientEventDto], minItems: 1, maxItems: CLIENT_EVENT_LIMITS.maxBatch })
  @ValidateNested({ each: true })
  @Type(() => ClientEventDto)
  @ArrayMinSize(1)
  @ArrayMaxSize(CLIENT_EVENT_LIMITS.maxBatch)
  events: ClientEventDto[];
}

export class RecordedDto {
  @ApiProperty({ example: 3 }) recorded: number;
}

export class AnalyticsConfigDto {
  @ApiProperty({ enum: ['posthog', 'database'] }) provider: 'posthog' | 'database';
  @ApiPropertyOptional({ description: 'PostHog project key (public)' }) key?: string;
  @ApiPropertyOptional({ example: 'https://us.i.posthog.com' }) host?: string;
  @ApiProperty({ example: 50 }) batchSize: number;
  @ApiProperty({ example: 5000 }) flushIntervalMs: number;
}
