import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { JWK } from 'jose';

@Entity({ schema: 'auth', name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn('text') kid: string;
  @Column('jsonb', { name: 'private_jwk' }) privateJwk: JWK;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk: JWK;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
