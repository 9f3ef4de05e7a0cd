import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Magic-link tokens: hashed, single use, short-lived. */
@Entity('login_tokens')
export class LoginTokenEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) email: string;
  @Column({ name: 'token_hash', type: 'text', unique: true }) tokenHash: string;
  @Column({ name: 'refresh_hash', type: 'text' }) refreshHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'request_ip', type: 'text', nullable: true }) requestIp: string | null;
}
