import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An integrator's endpoint, owned by the API key that registered it; the secret is AES-256-GCM ciphertext. */
@Entity('webhook_endpoints')
export class WebhookEndpointEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'api_key_id', type: 'int' }) apiKeyId: number;
  @Column({ type: 'text' }) url: string;
  @Column({ type: 'text', array: true }) events: string[];
  @Column({ name: 'secret_ciphertext', type: 'text' }) secretCiphertext: string;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

/** One thing that happened, once per record and type, with the `data` every delivery of it carries. */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'text' }) subject: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ type: 'jsonb' }) data: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

/** One event for one endpoint: pending until delivered, or failed once its attempts are spent. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'event_id', type: 'text' }) eventId: string;
  @Column({ name: 'endpoint_id', type: 'int' }) endpointId: number;
  @Column({ type: 'text', default: 'pending' }) status: 'pending' | 'delivered' | 'failed';
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true }) nextAttemptAt: Date | null;
  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true }) lastAttemptAt: Date | null;
  @Column({ name: 'last_status_code', type: 'int', nullable: true }) lastStatusCode: number | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

/** One HTTP attempt of a delivery and how it ended. */
@Entity('webhook_attempts')
export class WebhookAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'int' }) deliveryId: number;
  @PrimaryColumn({ type: 'int' }) attempt: number;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'duration_ms', type: 'int' }) durationMs: number;
  @Column({ name: 'status_code', type: 'int', nullable: true }) statusCode: number | null;
  @Column({ type: 'text', nullable: true }) error: string | null;
}
