import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { MAX_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '../domain/webhook-rules';
import { type WebhookEndpointEntity } from '../persistence/webhook.entities';
import { type DeliveryRow } from '../persistence/webhooks.repository';

export class CreateWebhookEndpointDto {
  @ApiProperty({ example: 'https://example.com/listinglens/webhooks', maxLength: MAX_URL_LENGTH })
  @IsString({ message: 'url must be a text URL.' })
  @MaxLength(MAX_URL_LENGTH, { message: `The URL is longer than ${MAX_URL_LENGTH} characters.` })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['order.completed', 'photo.completed'] })
  @IsArray({ message: `events must be a list of event names: ${WEBHOOK_EVENT_TYPES.join(', ')}.` })
  @ArrayNotEmpty({ message: `events must name at least one of: ${WEBHOOK_EVENT_TYPES.join(', ')}.` })
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `Unknown event name; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  })
  events: string[];
}

export class WebhookEndpointDto {
  @ApiProperty() id: number;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events: string[];
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;

  static from(entity: WebhookEndpointEntity): WebhookEndpointDto {
    return {
      id: entity.id,
      url: entity.url,
      events: entity.events,
      created_at: new Date(entity.createdAt).toISOString(),
    };
  }
}

export class CreatedWebhookEndpointDto extends WebhookEndpointDto {
  @ApiProperty({
    description: 'The signing secret. Shown only in this answer: store it now.',
    example: 'whsec_3q2-7wAbCdEfGhIjKlMnOpQrStUvWxYz0123456789a',
  })
  secret: string;
}

export class WebhookAttemptDto {
  @ApiProperty({ description: '1 for the first attempt' }) attempt: number;
  @ApiProperty({ type: String, format: 'date-time' }) started_at: string;
  @ApiProperty() duration_ms: number;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status; null when none came" })
  status_code: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the attempt failed; null when it delivered' })
  error: string | null;
}

export class WebhookDeliveryDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'The `ListingLens-Event-Id` header and the body `id`: the same on every attempt' })
  event_id: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) event_type: string;
  @ApiProperty({
    enum: ['pending', 'delivered', 'failed'],
    description: 'pending: an attempt is due or running; failed: every attempt failed (or the key was revoked)',
  })
  status: string;
  @ApiProperty({ description: 'Attempts made so far' }) attempts: number;
  @ApiProperty({ type: Number, nullable: true }) last_status_code: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at: string | null;
  @ApiProperty({ type: [WebhookAttemptDto], description: 'Each attempt, first to last' })
  attempt_log: WebhookAttemptDto[];

  static from(row: DeliveryRow): WebhookDeliveryDto {
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    return {
      id: row.id,
      event_id: row.event_id,
      event_type: row.event_type,
      status: row.status,
      attempts: row.attempts,
      last_status_code: row.last_status_code,
      last_error: row.last_error,
      created_at: new Date(row.created_at).toISOString(),
      last_attempt_at: iso(row.last_attempt_at),
      next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
      delivered_at: iso(row.delivered_at),
      attempt_log: row.log.map((a) => ({ ...a, started_at: new Date(a.started_at).toISOString() })),
    };
  }
}
