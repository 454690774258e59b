import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ schema: 'auth', name: 'family_members' })
export class FamilyMemberEntity {
  @PrimaryColumn('uuid') id: string;
  /** The user who added this member and may act for them. */
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  @Column('text', { name: 'relationship_type' }) relationshipType: string;
  @Column('text', { name: 'relation_text', nullable: true }) relationText: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
