import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { PatientRequestRepository, StoredPatientRequest } from '../patient-request.repository';
import { GetPatientRequest } from './get-patient-request';

const stored = (over: Partial<StoredPatientRequest> = {}): StoredPatientRequest => ({
  id: 'r1',
  user_id: 'u1',
  status: 'New',
  created_at: new Date('2026-01-02T03:04:05Z'),
  custodian_id: 'c1',
  custodian_name: 'Lakeside Radiology',
  patient_first_name: 'Pat',
  patient_middle_name: null,
  patient_last_name: 'Jordan',
  patient_dob: '1984-03-12',
  patient_email: null,
  request_from: 'PATIENT',
  request_filler: 'self',
  relationship_type: null,
  relationship: null,
  relation: null,
  legal_relation: null,
  mrn: 'M1',
  doc_req_types: ['IMAGES'],
  body_parts: ['Head'],
  date_from: '2025-01-01',
  date_to: null,
  notes: '',
  authorization_form_key: 'authorization-forms/r1.pdf',
  legal_documents: [],
  ...over,
});

describe('GetPatientRequest', () => {
  const setup = (found: StoredPatientRequest | null) => {
    const fake = fakeUseCaseKit();
    const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-1.7'));
    const useCase = new GetPatientRequest(
      fake.kit,
      stub<BlobStore>({ read }, 'blobs'),
      stub<PatientRequestRepository>(
        {
          findOwned: jest.fn().mockResolvedValue(found),
          documentRequests: jest.fn().mockResolvedValue([{ id: 'd1', type: 'IMAGES', rejection: null }]),
          timeline: jest
            .fn()
            .mockResolvedValue([{ event: 'SUBMITTED', at: '2026-01-02T03:04:05.000Z', detail: null }]),
        },
        'requests',
      ),
    );
    return { fake, read, useCase };
  };

  it("answers the owner's request with MM/DD/YYYY dates, audited", async () => {
    const { fake, useCase } = setup(stored());
    await expect(useCase.details('u1', 'r1', testCaller('u1'))).resolves.toMatchObject({
      id: 'r1',
      patient: { dateOfBirth: '03/12/1984' },
      dateFrom: '01/01/2025',
      document_requests: [
        { id: 'd1', document_request_type: { mnemonic: 'IMAGES', name: 'Images' }, rejection: null },
      ],
      hasAuthorizationForm: true,
      // 30 days after receipt (HIPAA right of access), and the life of the request so far.
      dueDate: '2026-02-01',
      timeline: [{ event: 'SUBMITTED', at: '2026-01-02T03:04:05.000Z', detail: null }],
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'requests.request-read', resourceId: 'r1' }),
    ]);
  });

  it('answers the signed form bytes, and 404 for a request without one or not owned', async () => {
    await expect(setup(stored()).useCase.authorizationForm('u1', 'r1', testCaller('u1'))).resolves.toEqual(
      Buffer.from('%PDF-1.7'),
    );
    await expect(
      setup(stored({ authorization_form_key: null })).useCase.authorizationForm('u1', 'r1', testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    const { fake, useCase } = setup(null);
    await expect(useCase.details('u2', 'r1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Patient request not found',
    });
    expect(fake.audit).toEqual([]);
  });
});
