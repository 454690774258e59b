import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import type { RoleMnemonic } from '@portal/contracts';
import { UserRoleEntity } from './user-role.entity';

@Entity({ schema: 'auth', name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid') id: string;
  /** Stored lower-case; unique. */
  @Column('text', { unique: true }) email: string;
  /** argon2id; null until the user sets a password (NEW_PASSWORD_REQUIRED). */
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash: string | null;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  /** Null for an account made by registerAccount (email and password only) until the person is saved. */
  @Column('date', { name: 'date_of_birth', nullable: true }) dateOfBirth: string | null;
  @Column('text') locale: string;
  @Column('uuid', { name: 'person_id' }) personId: string;
  @Column('text', { name: 'active_role' }) activeRole: RoleMnemonic;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @OneToMany(() => UserRoleEntity, (r) => r.user, { cascade: true }) roles: Relation<UserRoleEntity[]>;
}
