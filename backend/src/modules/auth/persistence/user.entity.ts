import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type PackageType } from '../../packages';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn() id: number;
  /** Unique case-insensitively (index on lower(email)); stored as the user typed it. */
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text', nullable: true }) name: string | null;
  @CreateDateColumn({ name: 'signup_date', type: 'timestamptz' }) signupDate: Date;
  @Column({ name: 'package_type', type: 'text', nullable: true }) packageType: PackageType | null;
  @Column({ name: 'photos_remaining', type: 'int', default: 0 }) photosRemaining: number;
  @Column({ name: 'photos_processed', type: 'int', default: 0 }) photosProcessed: number;
  /** The identity provider's subject (Google `sub`). */
  @Column({ name: 'google_id', type: 'text', nullable: true, unique: true }) googleId: string | null;
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true }) stripeCustomerId: string | null;
  /** The external auth id the spec's account-repair flow links (kept under its historical name). */
  @Column({ name: 'supabase_id', type: 'text', nullable: true, unique: true }) supabaseId: string | null;
}
