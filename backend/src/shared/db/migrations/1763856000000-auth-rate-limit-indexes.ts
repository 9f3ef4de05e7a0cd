import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in link rate limits count recent tokens per requesting IP; keep that a short index scan. */
export class AuthRateLimitIndexes1763856000000 implements MigrationInterface {
  name = 'AuthRateLimitIndexes1763856000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX login_tokens_request_ip_created_idx ON login_tokens (request_ip, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX login_tokens_request_ip_created_idx`);
  }
}
