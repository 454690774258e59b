import { diagnosticReportSchema, mapDiagnosticReport, WBS_OUTCOME_EXTENSION } from './fhir-diagnostic-report';

const report = (over: Record<string, unknown> = {}) => ({
  resourceType: 'DiagnosticReport',
  status: 'final',
  code: { text: 'Whole body MRI' },
  subject: { identifier: { value: '11111111-1111-4111-8111-111111111111' } },
  effectiveDateTime: '2026-11-15T09:30:00Z',
  contained: [
    { resourceType: 'Patient', id: 'p', gender: 'male' },
    {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { coding: [{ display: 'Heart' }] },
      interpretation: [{ coding: [{ code: 'HH' }] }],
      note: [{ text: 'Calcium score 290.' }],
      hasMember: [{ reference: '#o2' }],
    },
    {
      resourceType: 'Observation',
      id: 'o2',
      status: 'final',
      code: { text: 'Heart' },
      extension: [{ url: WBS_OUTCOME_EXTENSION, valueCode: 'INFORMATIONAL_FINDING' }],
    },
  ],
  result: [{ reference: '#o1' }],
  ...over,
});
const valid = (r: unknown) => diagnosticReportSchema.validate(r, { strict: true, abortEarly: false });

describe('FHIR DiagnosticReport subset', () => {
  it('maps a valid report: subject, date, sex, findings tree, outcomes and pathology', async () => {
    const mapped = mapDiagnosticReport(await valid(report()));
    expect(mapped).toMatchObject({
      patientRequestId: '11111111-1111-4111-8111-111111111111',
      scanDate: '2026-11-15',
      patientSex: 'MALE',
      pdfs: [],
    });
    expect(mapped.findings).toEqual([
      expect.objectContaining({
        findingTypeId: 'Heart',
        outcome: 'MAJOR_FINDING',
        pathology: { name: 'Heart finding', description: 'Calcium score 290.' },
        children: [expect.objectContaining({ outcome: 'INFORMATIONAL_FINDING', pathology: null })],
      }),
    ]);
  });

  it('refuses what is not a DiagnosticReport we take', async () => {
    for (const bad of [
      report({ resourceType: 'Observation' }),
      report({ subject: undefined }),
      report({ status: 'preliminary' }),
      report({ effectiveDateTime: '2026-13-01' }),
      report({ result: [] }),
      report({ result: [{ reference: 'Observation/o1' }] }),
      report({ presentedForm: [{ contentType: 'text/html', data: 'PGgxPg==' }] }),
    ])
      await expect(valid(bad)).rejects.toThrow();
  });

  it('refuses references that go nowhere or loop, unknown interpretations and PDFs that are not', async () => {
    await expect(
      valid(report({ result: [{ reference: '#nothing' }] })).then(mapDiagnosticReport),
    ).rejects.toThrow('#nothing is not a contained Observation');
    const loop = report();
    (loop.contained[2] as Record<string, unknown>).hasMember = [{ reference: '#o1' }];
    await expect(valid(loop).then(mapDiagnosticReport)).rejects.toThrow(/used twice/);
    const odd = report();
    (odd.contained[1] as Record<string, unknown>).interpretation = [{ coding: [{ code: 'WEIRD' }] }];
    await expect(valid(odd).then(mapDiagnosticReport)).rejects.toThrow('unknown interpretation WEIRD');
    await expect(
      valid(
        report({
          presentedForm: [{ contentType: 'application/pdf', data: Buffer.from('GIF89a').toString('base64') }],
        }),
      ).then(mapDiagnosticReport),
    ).rejects.toThrow('presentedForm is not a PDF');
  });
});
