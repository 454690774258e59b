import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per issued refresh token. Tokens of one sign-in share a family (the session id of the
 * access tokens); using a token twice revokes its whole family.
 */
@Entity({ schema: 'auth', name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'family_id' }) familyId: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  /** sha256 of the token; the token itself is never stored. */
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('boolean') remember: boolean;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
