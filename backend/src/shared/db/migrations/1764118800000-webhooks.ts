import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Integrators' webhook endpoints (one API key's, with the signing secret encrypted), the events they hear (one per
 * record and type), one delivery per event and endpoint, and each HTTP attempt of a delivery.
 */
export class Webhooks1764118800000 implements MigrationInterface {
  name = 'Webhooks1764118800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        api_key_id integer NOT NULL REFERENCES api_keys (id),
        url text NOT NULL CHECK (length(url) <= 2048),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        secret_ciphertext text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_endpoints_api_key ON webhook_endpoints (api_key_id);
      CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id);

      CREATE TABLE webhook_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        subject text NOT NULL,
        user_id integer NOT NULL REFERENCES users (id),
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (type, subject)
      );

      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        event_id text NOT NULL REFERENCES webhook_events (id),
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_status_code integer,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, endpoint_id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC);

      CREATE TABLE webhook_attempts (
        delivery_id integer NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status_code integer,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'DROP TABLE webhook_attempts; DROP TABLE webhook_deliveries; DROP TABLE webhook_events; DROP TABLE webhook_endpoints;',
    );
  }
}
