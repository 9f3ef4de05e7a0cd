import { MigrationInterface, QueryRunner } from 'typeorm';

/** The spec's entities (users, orders, photos, transactions) and the tables auth, analytics and jobs need. */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL,
        name text,
        signup_date timestamptz NOT NULL DEFAULT now(),
        package_type text CHECK (package_type IN ('basic', 'standard', 'premium')),
        photos_remaining integer NOT NULL DEFAULT 0 CHECK (photos_remaining >= 0),
        photos_processed integer NOT NULL DEFAULT 0 CHECK (photos_processed >= 0),
        google_id text UNIQUE,
        stripe_customer_id text,
        supabase_id text UNIQUE
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));

      CREATE TABLE orders (
        id text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        package_type text NOT NULL CHECK (package_type IN ('basic', 'standard', 'premium')),
        amount integer NOT NULL CHECK (amount >= 0),
        photos_purchased integer NOT NULL CHECK (photos_purchased > 0),
        photos_remaining integer NOT NULL CHECK (photos_remaining >= 0 AND photos_remaining <= photos_purchased),
        stripe_payment_intent_id text NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'completed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        ready_email_sent_at timestamptz,
        purge_reminder_sent_at timestamptz,
        purged_at timestamptz
      );
      CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC);
      CREATE INDEX orders_unfinished_idx ON orders (status) WHERE status <> 'completed';
      CREATE INDEX orders_retention_idx ON orders (completed_at) WHERE purged_at IS NULL;

      CREATE TABLE photos (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        order_id text NOT NULL REFERENCES orders (id),
        original_path text NOT NULL,
        enhanced_path text,
        preview_path text,
        thumbnail_path text,
        name text,
        status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'completed', 'failed')),
        airtable_record_id text,
        upload_date timestamptz NOT NULL DEFAULT now(),
        process_date timestamptz,
        size_bytes integer,
        engine_version text,
        enhancement_report jsonb,
        attempts integer NOT NULL DEFAULT 0,
        failure_reason text,
        purged_at timestamptz
      );
      CREATE INDEX photos_user_id_idx ON photos (user_id);
      CREATE INDEX photos_order_id_idx ON photos (order_id);
      CREATE INDEX photos_uploaded_idx ON photos (order_id) WHERE status = 'uploaded';

      CREATE TABLE transactions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        package_type text NOT NULL CHECK (package_type IN ('basic', 'standard', 'premium')),
        amount integer NOT NULL CHECK (amount >= 0),
        photos_purchased integer NOT NULL CHECK (photos_purchased > 0),
        purchase_date timestamptz NOT NULL DEFAULT now(),
        stripe_transaction_id text NOT NULL UNIQUE,
        order_id text REFERENCES orders (id)
      );
      CREATE INDEX transactions_user_id_idx ON transactions (user_id);

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        user_agent text
      );
      CREATE INDEX sessions_user_id_idx ON sessions (user_id);
      CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

      CREATE TABLE login_tokens (
        id serial PRIMARY KEY,
        email text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        refresh_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        request_ip text
      );
      CREATE INDEX login_tokens_email_created_idx ON login_tokens (lower(email), created_at DESC);

      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_user_id_idx ON api_keys (user_id);

      CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users (id),
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE analytics_events (
        id serial PRIMARY KEY,
        event text NOT NULL,
        distinct_id text,
        properties jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX analytics_events_event_created_idx ON analytics_events (event, created_at);

      CREATE TABLE job_locks (
        name text NOT NULL,
        tick text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        result jsonb,
        PRIMARY KEY (name, tick)
      );
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE job_locks; DROP TABLE analytics_events; DROP TABLE contact_messages; DROP TABLE api_keys;
      DROP TABLE login_tokens; DROP TABLE sessions; DROP TABLE transactions; DROP TABLE photos; DROP TABLE orders;
      DROP TABLE users;
    `);
  }
}
