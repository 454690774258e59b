import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ContextKit, demoId, demoPersonId, demoUserId, InjectContext, seedDemoData } from '@portal/server-kit';
import { submitPatientRequest } from '../patient-requests.http.controller';

export const DEMO_CUSTODIANS = [
  { key: 'st-mary', name: 'St. Mary Imaging Center', address: '120 Harbor Ave', city: 'Boston', state: 'MA', stateName: 'Massachusetts', postcode: '02110', mrn: true, theme: 'default' },
  { key: 'lakeside', name: 'Lakeside Radiology', address: '45 Shore Rd', city: 'Chicago', state: 'IL', stateName: 'Illinois', postcode: '60601', mrn: false, theme: 'blue' },
  { key: 'sunrise', name: 'Sunrise Medical Imaging', address: '9 Desert Way', city: 'Phoenix', state: 'AZ', stateName: 'Arizona', postcode: '85001', mrn: false, theme: 'orange' },
  { key: 'northgate', name: 'Northgate Hospital', address: '300 North St', city: 'Seattle', state: 'WA', stateName: 'Washington', postcode: '98101', mrn: true, theme: 'default' },
];
export const demoCustodianId = (key: string) => demoId(`custodian:${key}`);
export const DEMO_PATIENT_REQUESTS = [
  { key: 'completed-ct', custodian: 'st-mary', types: ['IMAGES', 'REPORTS'], status: 'Completed', daysAgo: 40 },
  { key: 'open-mri', custodian: 'lakeside', types: ['IMAGES'], status: 'Pending images by External Provider', daysAgo: 6 },
  { key: 'open-reports', custodian: 'st-mary', types: ['REPORTS'], status: 'New', daysAgo: 2 },
];
export const demoRequestId = (key: string) => demoId(`patient-request:${key}`);

/** Facilities and the demo patient's requests; each request's event reaches records and provider. */
@Injectable()
export class RequestsDemoSeed implements OnApplicationBootstrap {
  constructor(@InjectContext('requests') private readonly kit: ContextKit) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!seedDemoData()) return;
    await this.kit.events.transaction(async (tx) => {
      for (const c of DEMO_CUSTODIANS) {
        await tx.query(
          `INSERT INTO requests.custodians (id, name, primary_address, city, state_name, state, postcode, phone, website, is_mrn_compulsory, theme)
           VALUES ($1,$2,$3,$4,$5,$6,$7,'(555) 010-0100','https://example.org',$8,$9) ON CONFLICT DO NOTHING`,
          [demoCustodianId(c.key), c.name, c.address, c.city, c.stateName, c.state, c.postcode, c.mrn, c.theme],
        );
      }
      const email = 'patient@example.com';
      for (const r of DEMO_PATIENT_REQUESTS) {
        const id = demoRequestId(r.key);
        const [exists] = await tx.query(`SELECT 1 FROM requests.patient_requests WHERE id = $1`, [id]);
        if (exists) continue;
        await submitPatientRequest(this.kit, tx, {
          id,
          userId: demoUserId(email),
          personId: demoPersonId(email),
          custodianId: demoCustodianId(r.custodian),
          patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
          docReqTypes: r.types,
          notes: '',
          status: r.status,
          createdAt: new Date(Date.now() - r.daysAgo * 86400_000),
        });
      }
    });
  }
}
