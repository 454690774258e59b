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
  {
    email: 'patient@example.com',
    firstName: 'Pat',
    lastName: 'Jordan',
    dateOfBirth: '1984-03-12',
    roles: ['PATIENT'],
  },
  {
    email: 'provider@example.com',
    firstName: 'Riley',
    lastName: 'Chen',
    dateOfBirth: '1979-07-01',
    roles: ['EXTERNAL_PROVIDER'],
  },
  {
    email: 'coordinator@example.com',
    firstName: 'Casey',
    lastName: 'Morgan',
    dateOfBirth: '1981-11-23',
    roles: ['MEDICAL_COORDINATOR'],
  },
  {
    email: 'admin@example.com',
    firstName: 'Alex',
    lastName: 'Rivera',
    dateOfBirth: '1975-05-30',
    roles: ['GROUP_ADMIN'],
  },
  {
    email: 'viewer@example.com',
    firstName: 'Vic',
    lastName: 'Patel',
    dateOfBirth: '1990-09-09',
    roles: ['EXTERNAL_VIEWER'],
  },
  {
    email: 'fhir@example.com',
    firstName: 'Fran',
    lastName: 'Hughes',
    dateOfBirth: '1988-02-14',
    roles: ['SMART_FHIR'],
  },
  {
    email: 'multi@example.com',
    firstName: 'Morgan',
    lastName: 'Lee',
    dateOfBirth: '1986-08-08',
    roles: ['PATIENT', 'MEDICAL_COORDINATOR'],
  },
  // Issue 10: a staff member of a second facility (Lakeside Radiology), and the patient whose requests fill the demo inboxes.
  {
    email: 'provider2@example.com',
    firstName: 'Jordan',
    lastName: 'Blake',
    dateOfBirth: '1983-04-21',
    roles: ['EXTERNAL_PROVIDER'],
  },
  {
    email: 'patient2@example.com',
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1972-06-18',
    roles: ['PATIENT'],
  },
  // Issue 26: the other patients of the demo coordinator's group (Cardiology Patients).
  {
    email: 'patient3@example.com',
    firstName: 'Aisha',
    lastName: 'Okafor',
    dateOfBirth: '1991-01-27',
    roles: ['PATIENT'],
  },
  {
    email: 'patient4@example.com',
    firstName: 'Daniel',
    lastName: 'Kowalski',
    dateOfBirth: '1966-10-05',
    roles: ['PATIENT'],
  },
  {
    email: 'patient5@example.com',
    firstName: 'Grace',
    lastName: 'Nakamura',
    dateOfBirth: '1958-04-14',
    roles: ['PATIENT'],
  },
  {
    email: 'patient6@example.com',
    firstName: 'Luis',
    lastName: 'Fernandez',
    dateOfBirth: '2001-12-09',
    roles: ['PATIENT'],
  },
];

export const demoUserId = (email: string): string => demoId(`user:${email}`);
export const demoPersonId = (email: string): string => demoId(`person:${email}`);

/** Which demo facility (requests' demo custodian key) each demo provider works for. */
export const DEMO_STAFF = [
  { email: 'provider@example.com', custodian: 'st-mary' },
  { email: 'provider2@example.com', custodian: 'lakeside' },
] as const;

/** What a demo inbox request has been through on the facility's side (applied by the provider context's seed). */
export type DemoInboxState = 'new' | 'seen' | 'files-uploaded' | 'rejected' | 'submitted';

/**
 * patient2@example.com's requests, one per provider state, so a newcomer signed in as a provider sees
 * a real inbox: the requests context seeds the requests (backdated by daysAgo), the provider context
 * brings each to its state through its own use cases once the request is in its inbox.
 */
export const DEMO_INBOX_REQUESTS: ReadonlyArray<{
  key: string;
  custodian: string;
  types: string[];
  daysAgo: number;
  state: DemoInboxState;
}> = [
  { key: 'inbox-new', custodian: 'st-mary', types: ['IMAGES', 'REPORTS'], daysAgo: 2, state: 'new' },
  { key: 'inbox-due-soon', custodian: 'st-mary', types: ['IMAGES'], daysAgo: 25, state: 'seen' },
  { key: 'inbox-overdue', custodian: 'st-mary', types: ['REPORTS'], daysAgo: 40, state: 'new' },
  {
    key: 'inbox-in-progress',
    custodian: 'st-mary',
    types: ['IMAGES', 'REPORTS'],
    daysAgo: 6,
    state: 'files-uploaded',
  },
  { key: 'inbox-rejected', custodian: 'st-mary', types: ['REPORTS'], daysAgo: 12, state: 'rejected' },
  {
    key: 'inbox-completed',
    custodian: 'st-mary',
    types: ['IMAGES', 'REPORTS'],
    daysAgo: 20,
    state: 'submitted',
  },
  { key: 'inbox-lakeside', custodian: 'lakeside', types: ['IMAGES'], daysAgo: 3, state: 'new' },
];
export const DEMO_INBOX_PATIENT = 'patient2@example.com';
/** The id of a demo patient request (the requests context's demo requests use the same scheme). */
export const demoPatientRequestId = (key: string): string => demoId(`patient-request:${key}`);
