import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Integrator API keys: shown once, stored as SHA-256 with a visible prefix to tell them apart. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) prefix: string;
  @Column({ name: 'key_hash', type: 'text', unique: true }) keyHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}
