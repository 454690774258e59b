import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Single-use links (set or reset password, confirm email): 256 random bits, stored hashed, with an expiry. */
@Entity({ schema: 'auth', name: 'password_tokens' })
export class PasswordTokenEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text') purpose: 'SET_PASSWORD' | 'RESET_PASSWORD' | 'CONFIRM_EMAIL';
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
