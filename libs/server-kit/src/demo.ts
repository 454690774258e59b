import { createHash } from 'node:crypto';
import type { RoleMnemonic } from '@portal/contracts';

/** Stable ids for demo rows, so each context seeds its own part of the demo data idempotently. */
export const demoId = (name: string): string => {
  const h = createHash('sha256').update(`portal-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const DEMO_PASSWORD = 'Demo-Portal-1';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  roles: RoleMnemonic[];
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'patient@example.com', firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12', roles: ['PATIENT'] },
  { email: 'provider@example.com', firstName: 'Riley', lastName: 'Chen', dateOfBirth: '1979-07-01', roles: ['EXTERNAL_PROVIDER'] },
  { email: 'coordinator@example.com', firstName: 'Casey', lastName: 'Morgan', dateOfBirth: '1981-11-23', roles: ['MEDICAL_COORDINATOR'] },
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Rivera', dateOfBirth: '1975-05-30', roles: ['GROUP_ADMIN'] },
  { email: 'viewer@example.com', firstName: 'Vic', lastName: 'Patel', dateOfBirth: '1990-09-09', roles: ['EXTERNAL_VIEWER'] },
  { email: 'fhir@example.com', firstName: 'Fran', lastName: 'Hughes', dateOfBirth: '1988-02-14', roles: ['SMART_FHIR'] },
  { email: 'multi@example.com', firstName: 'Morgan', lastName: 'Lee', dateOfBirth: '1986-08-08', roles: ['PATIENT', 'MEDICAL_COORDINATOR'] },
];

export const demoUserId = (email: string): string => demoId(`user:${email}`);
export const demoPersonId = (email: string): string => demoId(`person:${email}`);
