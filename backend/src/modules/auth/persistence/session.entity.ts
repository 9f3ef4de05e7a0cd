import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Server-side sessions: the cookie holds a random token, this table only its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text' }) tokenHash: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' }) lastSeenAt: Date;
  @Column({ name: 'user_agent', type: 'text', nullable: true }) userAgent: string | null;
}
