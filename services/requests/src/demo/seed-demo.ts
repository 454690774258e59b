import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, demoId, demoPersonId, demoUserId, InjectContext, type PortalConfig, SYSTEM_CALLER, type UseCaseKit } from '@portal/server-kit';
import { SaveCustodian } from '../custodians/save-custodian/save-custodian';
import { PatientRequestRepository } from '../patient-requests/patient-request.repository';
import { SubmitPatientRequest } from '../patient-requests/submit-patient-request/submit-patient-request';

export const DEMO_CUSTODIANS = [
  { key: 'st-mary', name: 'St. Mary Imaging Center', address: '120 Harbor Ave', city: 'Boston', state: 'MA', stateName: 'Massachusetts', postcode: '02110', mrn: true, theme: 'default' },
  { key: 'lakeside', name: 'Lakeside Radiology', address: '45 Shore Rd', city: 'Chicago', state: 'IL', stateName: 'Illinois', postcode: '60601', mrn: false, theme: 'blue' },
  { key: 'sunrise', name: 'Sunrise Medical Imaging', address: '9 Desert Way', city: 'Phoenix', state: 'AZ', stateName: 'Arizona', postcode: '85001', mrn: false, theme: 'orange' },
  { key: 'northgate', name: 'Northgate Hospital', address: '300 North St', city: 'Seattle', state: 'WA', stateName: 'Washington', postcode: '98101', mrn: true, theme: 'default' },
] as const;
export const demoCustodianId = (key: string) => demoId(`custodian:${key}`);
export const DEMO_PATIENT_REQUESTS = [
  { key: 'completed-ct', custodian: 'st-mary', types: ['IMAGES', 'REPORTS'], status: 'Completed', daysAgo: 40 },
  { key: 'open-mri', custodian: 'lakeside', types: ['IMAGES'], status: 'Pending images by External Provider', daysAgo: 6 },
  { key: 'open-reports', custodian: 'st-mary', types: ['REPORTS'], status: 'New', daysAgo: 2 },
];
export const demoRequestId = (key: string) => demoId(`patient-request:${key}`);

/** Facilities and the demo patient's requests, through the use cases; each request's event reaches records and provider. */
@Injectable()
export class RequestsDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly saveCustodian: SaveCustodian,
    private readonly submitPatientRequest: SubmitPatientRequest,
    private readonly requests: PatientRequestRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    for (const c of DEMO_CUSTODIANS) {
      await this.saveCustodian.execute(
        {
          id: demoCustodianId(c.key),
          name: c.name,
          address: { primary_address: c.address, city: { name: c.city, state_name: c.stateName }, state: c.state, postcode: c.postcode },
          phone: '(555) 010-0100',
          website: 'https://example.org',
          description: null,
          isMRNCompulsory: c.mrn,
          theme: c.theme,
        },
        SYSTEM_CALLER,
      );
    }
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
  }
}
