import { FHIR_RESOURCE_TYPES } from '@portal/contracts';
import { r4Problems } from '@portal/server-kit/testing';
import { GetCapabilityStatement } from './capability-statement';

describe('GetCapabilityStatement', () => {
  const statement = new GetCapabilityStatement({ publicUrl: 'https://portal.test/' }).execute();

  it('is a valid R4 CapabilityStatement of a read-only JSON server', () => {
    expect(r4Problems(statement)).toEqual([]);
    expect(statement).toMatchObject({
      fhirVersion: '4.0.1',
      format: ['json', 'application/fhir+json'],
      kind: 'instance',
    });
    expect(statement.implementation!.url).toBe('https://portal.test/api/fhir');
  });

  it("names SMART on FHIR and the portal's authorize, token and register endpoints", () => {
    const security = statement.rest![0].security!;
    expect(security.service![0].coding![0].code).toBe('SMART-on-FHIR');
    expect(security.extension![0].extension).toEqual([
      { url: 'authorize', valueUri: 'https://portal.test/api/smart/authorize' },
      { url: 'token', valueUri: 'https://portal.test/api/smart/token' },
      { url: 'register', valueUri: 'https://portal.test/api/smart/register' },
    ]);
  });

  it('lists every resource type with read, search where it has one, and Patient $everything and $export', () => {
    const resources = statement.rest![0].resource!;
    expect(resources.map((r) => r.type)).toEqual([...FHIR_RESOURCE_TYPES]);
    expect(resources.find((r) => r.type === 'Binary')!.interaction).toEqual([{ code: 'read' }]);
    const study = resources.find((r) => r.type === 'ImagingStudy')!;
    expect(study.searchParam!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['_id', '_lastUpdated', 'patient', 'date', 'modality', 'status']),
    );
    expect(resources.find((r) => r.type === 'Patient')!.operation!.map((o) => o.name)).toEqual([
      'everything',
      'export',
    ]);
  });
});
