import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type DocRequestType, REQUEST_FEE_CURRENCY } from '@portal/contracts';
import {
  CONFIG,
  DEMO_INBOX_PATIENT,
  DEMO_INBOX_REQUESTS,
  DEMO_USERS,
  demoId,
  demoPatientRequestId,
  demoPersonId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { SaveCustodian } from '../custodians/save-custodian/save-custodian';
import { CustodianRepository } from '../custodians/custodian.repository';
import { REQUESTS_PEOPLE } from '../family-members/family-member.repository';
import { generateCatalogue } from './facility-catalogue';
import { PatientRequestRepository } from '../patient-requests/patient-request.repository';
import { SubmitPatientRequest } from '../patient-requests/submit-patient-request/submit-patient-request';

export const DEMO_CUSTODIANS = [
  {
    key: 'st-mary',
    name: 'St. Mary Imaging Center',
    address: '120 Harbor Ave',
    city: 'Boston',
    state: 'MA',
    stateName: 'Massachusetts',
    postcode: '02110',
    mrn: true,
    theme: 'default',
    docTypes: ['IMAGES', 'REPORTS', 'OTHERS'],
    bodyParts: ['Head', 'Chest', 'Abdomen', 'Left knee', 'Right knee'],
    dateRange: true,
    color: '#1565c0',
    aliases: [{ key: 'st-mary-east', name: 'St. Mary East Campus', docTypes: ['REPORTS'], bodyParts: null }],
    requestFeeCents: null,
  },
  {
    key: 'lakeside',
    name: 'Lakeside Radiology',
    address: '45 Shore Rd',
    city: 'Chicago',
    state: 'IL',
    stateName: 'Illinois',
    postcode: '60601',
    mrn: false,
    theme: 'blue',
    docTypes: ['IMAGES', 'IMAGES_ONLY', 'REPORTS'],
    bodyParts: ['Head', 'Spine', 'Pelvis'],
    dateRange: true,
    color: '#00838f',
    aliases: [
      {
        key: 'lakeside-mri',
        name: 'Lakeside MRI Suite',
        docTypes: ['IMAGES_ONLY'],
        bodyParts: ['Head', 'Spine'],
      },
    ],
    requestFeeCents: null,
  },
  {
    key: 'sunrise',
    name: 'Sunrise Medical Imaging',
    address: '9 Desert Way',
    city: 'Phoenix',
    state: 'AZ',
    stateName: 'Arizona',
    postcode: '85001',
    mrn: false,
    theme: 'orange',
    docTypes: ['IMAGES', 'REPORTS'],
    bodyParts: ['Chest', 'Abdomen', 'Left shoulder', 'Right shoulder'],
    dateRange: false,
    color: '#ef6c00',
    aliases: [],
    requestFeeCents: null,
  },
  {
    key: 'northgate',
    name: 'Northgate Hospital',
    address: '300 North St',
    city: 'Seattle',
    state: 'WA',
    stateName: 'Washington',
    postcode: '98101',
    mrn: true,
    theme: 'default',
    docTypes: ['REPORTS', 'OTHERS'],
    bodyParts: [],
    dateRange: true,
    color: '#2e7d32',
    aliases: [{ key: 'northgate-clinic', name: 'Northgate Family Clinic', docTypes: null, bodyParts: null }],
    requestFeeCents: null,
  },
  {
    // Issue 30: the demo facility that charges a fee for a records request ($15.00): a request to it
    // waits in 'Pending payment'. A facility of its own, so no test that submits to the others meets a fee.
    key: 'pinecrest',
    name: 'Pinecrest Imaging Center',
    address: '18 Live Oak Blvd',
    city: 'Savannah',
    state: 'GA',
    stateName: 'Georgia',
    postcode: '31401',
    mrn: false,
    theme: 'default',
    docTypes: ['IMAGES', 'REPORTS'],
    bodyParts: ['Head', 'Chest', 'Abdomen'],
    dateRange: true,
    color: '#5d4037',
    aliases: [],
    requestFeeCents: 1500,
  },
] as const;
const _typed: ReadonlyArray<{ docTypes: readonly DocRequestType[]; requestFeeCents: number | null }> =
  DEMO_CUSTODIANS;
void _typed;
/** The sample facility site the e2e tests serve; EMBED_ORIGINS adds more (comma list). */
export const DEMO_EMBED_ORIGINS = ['http://localhost:8190', 'http://127.0.0.1:8190'];
export const DEMO_FAMILY_MEMBER = {
  id: demoId('family:patient:sam'),
  first_name: 'Sam',
  last_name: 'Jordan',
  ownerEmail: 'patient@example.com',
};
export const demoCustodianId = (key: string) => demoId(`custodian:${key}`);
export const DEMO_PATIENT_REQUESTS = [
  {
    key: 'completed-ct',
    custodian: 'st-mary',
    types: ['IMAGES', 'REPORTS'],
    status: 'Completed',
    daysAgo: 40,
  },
  {
    key: 'open-mri',
    custodian: 'lakeside',
    types: ['IMAGES'],
    status: 'Pending images by External Provider',
    daysAgo: 6,
  },
  { key: 'open-reports', custodian: 'st-mary', types: ['REPORTS'], status: 'New', daysAgo: 2 },
];
export const demoRequestId = (key: string) => demoId(`patient-request:${key}`);

/** Facilities and the demo patient's requests, through the use cases; each request's event reaches records and provider. */
@Injectable()
export class RequestsDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    @Inject(CONFIG)
    private readonly config: Pick<PortalConfig, 'seedDemo' | 'embedOrigins' | 'facilityCatalogueSize'>,
    private readonly saveCustodian: SaveCustodian,
    private readonly submitPatientRequest: SubmitPatientRequest,
    private readonly requests: PatientRequestRepository,
    private readonly custodians: CustodianRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    for (const c of DEMO_CUSTODIANS) {
      await this.saveCustodian.execute(
        {
          id: demoCustodianId(c.key),
          name: c.name,
          address: {
            primary_address: c.address,
            city: { name: c.city, state_name: c.stateName },
            state: c.state,
            postcode: c.postcode,
          },
          phone: '(555) 010-0100',
          website: 'https://example.org',
          description: null,
          isMRNCompulsory: c.mrn,
          theme: c.theme,
        },
        SYSTEM_CALLER,
        {
          docTypes: [...c.docTypes],
          bodyParts: [...c.bodyParts],
          displayDateRange: c.dateRange,
          logoColor: c.color,
          requestFee: c.requestFeeCents
            ? { amountCents: c.requestFeeCents, currency: REQUEST_FEE_CURRENCY }
            : null,
          aliases: c.aliases.map((a) => ({
            id: demoId(`custodian-alias:${a.key}`),
            name: a.name,
            docTypes: a.docTypes ? [...a.docTypes] : null,
            bodyParts: a.bodyParts ? [...a.bodyParts] : null,
          })),
          embedOrigins: [...DEMO_EMBED_ORIGINS, ...this.config.embedOrigins],
        },
      );
    }
    await this.seedCatalogue();
    await this.seedProjections();
    const email = 'patient@example.com';
    for (const r of DEMO_PATIENT_REQUESTS) {
      const id = demoRequestId(r.key);
      if (await this.requests.exists(this.kit.db, id)) continue;
      await this.submitPatientRequest.execute(
        {
          id,
          userId: demoUserId(email),
          personId: demoPersonId(email),
          custodianId: demoCustodianId(r.custodian),
          patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
          docReqTypes: r.types,
          notes: '',
          status: r.status,
          createdAt: new Date(Date.now() - r.daysAgo * 86400_000),
        },
        SYSTEM_CALLER,
      );
    }
    await this.seedInboxRequests();
  }

  /**
   * patient2's requests that fill the demo inboxes, all 'New' here: the provider context's seed takes
   * each to its state through its own use cases, and the status follows from its events.
   */
  private async seedInboxRequests(): Promise<void> {
    const patient = DEMO_USERS.find((u) => u.email === DEMO_INBOX_PATIENT)!;
    for (const r of DEMO_INBOX_REQUESTS) {
      const id = demoPatientRequestId(r.key);
      if (await this.requests.exists(this.kit.db, id)) continue;
      await this.submitPatientRequest.execute(
        {
          id,
          userId: demoUserId(patient.email),
          personId: demoPersonId(patient.email),
          custodianId: demoCustodianId(r.custodian),
          patient: {
            firstName: patient.firstName,
            lastName: patient.lastName,
            dateOfBirth: patient.dateOfBirth,
          },
          docReqTypes: r.types,
          notes: '',
          status: 'New',
          createdAt: new Date(Date.now() - r.daysAgo * 86400_000),
        },
        SYSTEM_CALLER,
      );
    }
  }

  /**
   * The generated facilities (20,000 by default), once. A database that already holds that many
   * facilities is skipped with one count, before any generation (which takes a few hundred ms): on
   * every later start, and on a real catalogue, which needs no made-up facilities.
   */
  private async seedCatalogue(): Promise<void> {
    const size = this.config.facilityCatalogueSize;
    if (!size || (await this.custodians.count(this.kit.db)) >= size) return;
    const started = Date.now();
    const rows = generateCatalogue(size);
    const BATCH = 5_000;
    await this.kit.transaction(async (tx) => {
      const { aliasId, aliasOf, aliasName, ...facilities } = rows;
      for (let i = 0; i < facilities.id.length; i += BATCH) {
        const slice = Object.fromEntries(
          Object.entries(facilities).map(([k, v]) => [k, v.slice(i, i + BATCH)]),
        ) as typeof facilities;
        await this.custodians.insertCatalogue(tx, slice);
      }
      await this.custodians.insertCatalogueAliases(tx, { aliasId, aliasOf, aliasName });
    });
    logger.info({ facilities: rows.id.length, ms: Date.now() - started }, 'demo facility catalogue seeded');
  }

  /**
   * The demo users' names and the demo family member arrive as auth's events on a fresh database; a
   * database seeded before those events existed gets them here, at version 0: a missing row is filled,
   * one an event wrote is left as it is.
   */
  private async seedProjections(): Promise<void> {
    await this.kit.transaction(async (tx) => {
      for (const u of DEMO_USERS)
        await REQUESTS_PEOPLE.named(
          tx,
          { userId: demoUserId(u.email), firstName: u.firstName, lastName: u.lastName },
          0,
        );
      const { ownerEmail, ...member } = DEMO_FAMILY_MEMBER;
      await REQUESTS_PEOPLE.memberSaved(tx, { userId: demoUserId(ownerEmail), familyMember: member }, 0);
    });
  }
}
