import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { RoleMnemonic } from '@portal/contracts';
import { UserEntity } from './user.entity';

@Entity({ schema: 'auth', name: 'user_roles' })
export class UserRoleEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @PrimaryColumn('text') mnemonic: RoleMnemonic;
  @Column('boolean', { default: true }) active: boolean;
  @ManyToOne(() => UserEntity, (u) => u.roles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;
}
