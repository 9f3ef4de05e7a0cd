import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { MAX_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '../domain/webhook-rules';
import { type WebhookEndpointEntity } from '../persistence/webhook.entities';
import { type DeliveryRow } from '../persistence/webhooks.repository';

const EVENT_NAMES = WEBHOOK_EVENT_TYPES.join(', ');

/** What is wrong with `url` before it is parsed (the use case checks the rest), or null. */
function urlProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'url is required: the address to send events to.';
  if (typeof value !== 'string') return 'url must be text, like "https://example.com/listinglens/webhooks".';
  if (value.length > MAX_URL_LENGTH) return `The URL is longer than ${MAX_URL_LENGTH} characters.`;
  return null;
}

function eventsProblem(value: unknown): string | null {
  if (value === undefined || value === null) return `events is required: a list of one or more of ${EVENT_NAMES}.`;
  if (!Array.isArray(value)) return `events must be a list of event names: ${EVENT_NAMES}.`;
  if (value.length === 0) return `events must name at least one of: ${EVENT_NAMES}.`;
  if (value.some((name) => !(WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(name))) {
    return `Unknown event name; the events are ${EVENT_NAMES}.`;
  }
  return null;
}

/**
 * One validator per field, so each way a field can be wrong gives exactly one message (separate decorators would
 * each add theirs: a missing url was also "too long").
 */
const Passes = (problem: (value: unknown) => string | null): PropertyDecorator =>
  ValidateBy({
    name: problem.name,
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args?.value) ?? '',
    },
  });

export class CreateWebhookEndpointDto {
  @ApiProperty({ example: 'https://example.com/listinglens/webhooks', maxLength: MAX_URL_LENGTH })
  @Passes(urlProblem)
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['order.completed', 'photo.completed'] })
  @Passes(eventsProblem)
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
