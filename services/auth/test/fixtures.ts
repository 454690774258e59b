import type { CurrentUserClaims } from '@portal/server-kit';
import type { Account } from '../src/accounts/user.repository';

/** Fixtures shared by the auth context's unit specs: the demo patient as a signed-in caller and as an account. */

export const patientClaims = (over: Partial<CurrentUserClaims> = {}): CurrentUserClaims =>
  ({
    sub: 'u1',
    sid: 's1',
    personId: 'p1',
    email: 'pat@example.com',
    roles: ['PATIENT'],
    role: 'PATIENT',
    iat: 0,
    exp: 0,
    ...over,
  }) as CurrentUserClaims;

export const patientAccount = (over: Partial<Account> = {}): Account => ({
  id: 'u1',
  email: 'pat@example.com',
  passwordHash: 'h',
  firstName: 'Pat',
  lastName: 'Jordan',
  dateOfBirth: '1984-03-12',
  locale: 'UTC',
  personId: 'p1',
  activeRole: 'PATIENT',
  roles: ['PATIENT'],
  emailVerified: true,
  ...over,
});
