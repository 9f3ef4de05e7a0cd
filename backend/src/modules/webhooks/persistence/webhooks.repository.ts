import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { txRows } from '../../../shared/db/query-rows';
import { type DomainEventType } from '../../../shared/events/domain-events';
import { WebhookEndpointEntity } from './webhook.entities';

export interface NewEndpoint {
  userId: number;
  apiKeyId: number;
  url: string;
  events: string[];
  secretCiphertext: string;
}

export interface NewEvent {
  id: string;
  type: string;
  subject: string;
  userId: number;
  data: Record<string, unknown>;
}

/** What one attempt needs, read in the transaction that claims it. */
export interface ClaimedAttempt {
  deliveryId: number;
  attempt: number;
  url: string;
  userId: number;
  secretCiphertext: string;
  apiKeyId: number;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  data: Record<string, unknown>;
}

export interface AttemptOutcome {
  deliveryId: number;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
}

export interface DeliveryRow {
  id: number;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  log: { attempt: number; started_at: string; duration_ms: number; status_code: number | null; error: string | null }[];
}

export interface EndpointSubscription {
  id: number;
  userId: number;
  apiKeyId: number;
  events: string[];
  createdAt: Date;
}

const toSubscription = (
  userId: number,
  r: { id: number; api_key_id: number; events: string[]; created_at: Date },
): EndpointSubscription => ({
  id: r.id,
  userId,
  apiKeyId: r.api_key_id,
  events: r.events,
  createdAt: new Date(r.created_at),
});

/** The webhook tables. Every method takes the transaction handle it runs in. */
@Injectable()
export class WebhooksRepository {
  /** Serialises endpoint changes of one key, so the per-key limit holds under concurrent requests. */
  async lockKey(tx: EntityManager, apiKeyId: number): Promise<void> {
    await txRows(tx, 'SELECT pg_advisory_xact_lock(1717, $1::int)', [apiKeyId]);
  }

  async countForKey(tx: EntityManager, apiKeyId: number): Promise<number> {
    return tx.getRepository(WebhookEndpointEntity).countBy({ apiKeyId });
  }

  createEndpoint(tx: EntityManager, endpoint: NewEndpoint): Promise<WebhookEndpointEntity> {
    const repo = tx.getRepository(WebhookEndpointEntity);
    return repo.save(repo.create(endpoint));
  }

  listForKey(tx: EntityManager, userId: number, apiKeyId: number): Promise<WebhookEndpointEntity[]> {
    return tx.getRepository(WebhookEndpointEntity).find({ where: { userId, apiKeyId }, order: { id: 'ASC' } });
  }

  findForKey(tx: EntityManager, userId: number, apiKeyId: number, id: number): Promise<WebhookEndpointEntity | null> {
    return tx.getRepository(WebhookEndpointEntity).findOneBy({ id, userId, apiKeyId });
  }

  /** Deletes the endpoint with its deliveries and their attempts; false when it is not this key's. */
  async deleteForKey(tx: EntityManager, userId: number, apiKeyId: number, id: number): Promise<boolean> {
    const result = await tx.getRepository(WebhookEndpointEntity).delete({ id, userId, apiKeyId });
    return Boolean(result.affected);
  }

  /** The user's endpoints that asked for `type` (whether their key still works is auth's to say). */
  async subscribers(tx: EntityManager, userId: number, type: DomainEventType): Promise<EndpointSubscription[]> {
    const rows = await txRows<{ id: number; api_key_id: number; events: string[]; created_at: Date }>(
      tx,
      'SELECT id, api_key_id, events, created_at FROM webhook_endpoints WHERE user_id = $1 AND $2 = ANY (events) ORDER BY id',
      [userId, type],
    );
    return rows.map((r) => toSubscription(userId, r));
  }

  /** Every endpoint, for the reconciler (at most MAX_ENDPOINTS_PER_KEY per key: a short list). */
  async allSubscriptions(tx: EntityManager): Promise<EndpointSubscription[]> {
    const rows = await txRows<{ id: number; user_id: number; api_key_id: number; events: string[]; created_at: Date }>(
      tx,
      'SELECT id, user_id, api_key_id, events, created_at FROM webhook_endpoints ORDER BY user_id, id',
    );
    return rows.map((r) => toSubscription(r.user_id, r));
  }

  /** Which of these subjects already have an event of this type. */
  async recordedSubjects(tx: EntityManager, type: DomainEventType, subjects: string[]): Promise<Set<string>> {
    if (subjects.length === 0) return new Set();
    const rows = await txRows<{ subject: string }>(
      tx,
      'SELECT subject FROM webhook_events WHERE type = $1 AND subject = ANY ($2::text[])',
      [type, subjects],
    );
    return new Set(rows.map((r) => r.subject));
  }

  /** Records an event once per subject and type; false when it was already recorded (by any process). */
  async recordEvent(tx: EntityManager, event: NewEvent): Promise<boolean> {
    const rows = await txRows(
      tx,
      `INSERT INTO webhook_events (id, type, subject, user_id, data) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (type, subject) DO NOTHING RETURNING id`,
      [event.id, event.type, event.subject, event.userId, JSON.stringify(event.data)],
    );
    return rows.length > 0;
  }

  async createDeliveries(tx: EntityManager, eventId: string, endpointIds: number[]): Promise<number[]> {
    const rows = await txRows<{ id: number }>(
      tx,
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at)
       SELECT $1, unnest($2::int[]), now() ON CONFLICT DO NOTHING RETURNING id`,
      [eventId, endpointIds],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims attempt `attempt` of a pending delivery (only if it is the next one), leasing it until `leaseUntil`: if
   * this process dies mid-attempt the reconciler queues the next attempt once the lease has passed. Null when the
   * attempt was already made, the delivery is finished, or its endpoint was deleted.
   */
  async claimAttempt(
    tx: EntityManager,
    deliveryId: number,
    attempt: number,
    leaseUntil: Date,
  ): Promise<ClaimedAttempt | null> {
    const [row] = await txRows<{
      url: string;
      user_id: number;
      secret_ciphertext: string;
      api_key_id: number;
      event_id: string;
      type: string;
      event_created_at: Date;
      data: Record<string, unknown>;
    }>(
      tx,
      `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = $3
       FROM webhook_endpoints e, webhook_events v
       WHERE d.id = $1 AND d.status = 'pending' AND d.attempts = $2 - 1 AND e.id = d.endpoint_id AND v.id = d.event_id
       RETURNING e.url, e.user_id, e.api_key_id, e.secret_ciphertext,
         v.id AS event_id, v.type, v.created_at AS event_created_at, v.data`,
      [deliveryId, attempt, leaseUntil],
    );
    if (!row) return null;
    return {
      deliveryId,
      attempt,
      url: row.url,
      userId: row.user_id,
      secretCiphertext: row.secret_ciphertext,
      apiKeyId: row.api_key_id,
      eventId: row.event_id,
      eventType: row.type,
      eventCreatedAt: new Date(row.event_created_at),
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    };
  }

  async recordOutcome(tx: EntityManager, outcome: AttemptOutcome): Promise<void> {
    await txRows(
      tx,
      // The endpoint may have been deleted (with its deliveries) while the attempt was out.
      `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error)
       SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1)
       ON CONFLICT DO NOTHING`,
      [outcome.deliveryId, outcome.attempt, outcome.startedAt, outcome.durationMs, outcome.statusCode, outcome.error],
    );
    await txRows(
      tx,
      `UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3, last_status_code = $4, last_error = $5,
         delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE NULL END
       WHERE id = $1 AND attempts = $6`,
      [outcome.deliveryId, outcome.status, outcome.nextAttemptAt, outcome.statusCode, outcome.error, outcome.attempt],
    );
  }

  /**
   * Pending deliveries whose next attempt is due and that no live job holds (a lost message, a process that died
   * mid-attempt), with the attempt to run; those whose last attempt was the one interrupted are failed instead.
   */
  async dueDeliveries(tx: EntityManager, maxAttempts: number, limit = 500): Promise<{ id: number; attempt: number }[]> {
    await txRows(
      tx,
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL,
         last_error = 'The last attempt was interrupted before it could record an answer.'
       WHERE status = 'pending' AND attempts >= $1 AND next_attempt_at <= now()`,
      [maxAttempts],
    );
    const rows = await txRows<{ id: number; attempts: number }>(
      tx,
      `SELECT id, attempts FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, attempt: r.attempts + 1 }));
  }

  /** An endpoint's latest deliveries, newest first, each with its attempts in order. */
  deliveries(tx: EntityManager, endpointId: number, limit: number): Promise<DeliveryRow[]> {
    return txRows<DeliveryRow>(
      tx,
      `SELECT d.id, d.event_id, v.type AS event_type, d.status, d.attempts, d.last_status_code, d.last_error,
         d.created_at, d.last_attempt_at, d.next_attempt_at, d.delivered_at,
         COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'started_at', a.started_at,
                     'duration_ms', a.duration_ms, 'status_code', a.status_code, 'error', a.error) ORDER BY a.attempt)
                   FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS log
       FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
       WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2`,
      [endpointId, limit],
    );
  }
}
