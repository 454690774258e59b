import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Single-use links (password, email change, account removal, login-as): 256 random bits, stored hashed, with an expiry. */
@Entity({ schema: 'auth', name: 'password_tokens' })
export class PasswordTokenEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text') purpose: string;
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt: Date | null;
  /** What the link carries besides the user: the new address of an email change. */
  @Column('jsonb', { nullable: true }) payload: Record<string, unknown> | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
