import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The identity a user's records belong to; the accounts issue adds the address fields. */
@Entity({ schema: 'auth', name: 'persons' })
export class PersonEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  @Column('text', { name: 'middle_name', nullable: true }) middleName: string | null;
  /** Null for an account made by registerAccount (email and password only) until the person is saved. */
  @Column('date', { name: 'date_of_birth', nullable: true }) dateOfBirth: string | null;
  @Column('text') email: string;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { name: 'country_code', default: '1' }) countryCode: string;
}
