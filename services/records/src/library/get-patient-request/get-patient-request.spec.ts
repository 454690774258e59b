import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import type { LibraryRow } from '../patient-request.mapper';
import type { StarRepository } from '../star.repository';
import type { SharedAccess } from '../shared-access';
import { GetPatientRequest } from './get-patient-request';

const row: LibraryRow = {
  id: 'r1',
  custodian_id: 'c1',
  custodian_name: 'St. Mary Imaging Center',
  status: 'Completed',
  doc_req_types: ['IMAGES', 'REPORTS'],
  created_at: new Date('2026-10-01T10:00:00Z'),
  starred: false,
  patient_first_name: 'Pat',
  patient_last_name: 'Jordan',
  manual_upload: false,
  studies: [
    {
      id: 's1',
      modality: 'MR',
      study_description: 'Brain',
      study_instance_uid: '1.2.3',
      study_date: '2026-09-30',
      total_instances: 20,
      created_at: '2026-10-02T00:00:00Z',
    },
  ],
  documents: [
    {
      id: 'f1',
      file_name: 'report.pdf',
      document_request_id: 'd2',
      document_request_type: 'REPORTS',
      created_at: '2026-10-03T00:00:00Z',
    },
  ],
};

describe('GetPatientRequest', () => {
  const setup = (found: LibraryRow | null) => {
    const fake = fakeUseCaseKit();
    const useCase = new GetPatientRequest(
      fake.kit,
      stub<LibraryRepository>({ findOwnedRequest: jest.fn().mockResolvedValue(found) }, 'library'),
      stub<StarRepository>({ starredOf: jest.fn().mockResolvedValue(['s1']) }, 'stars'),
      stub<SharedAccess>(
        {
          decide: jest.fn(async (_db, userId: string) =>
            found ? { owner: userId, reason: { kind: 'owner' as const } } : null,
          ),
          sharedWith: jest.fn().mockResolvedValue([]),
        },
        'access',
      ),
    );
    return { fake, useCase };
  };

  it("answers the owner's request with the patient's name, attachments and the star of each response, audited", async () => {
    const { fake, useCase } = setup(row);
    const request = await useCase.execute('u1', 'r1', testCaller('u1'));
    expect(request).toMatchObject({
      id: 'r1',
      patients: [{ first_name: 'Pat', last_name: 'Jordan' }],
      manual_upload_dicom: false,
      has_attachments: true,
      shared_by: null,
    });
    expect(request.approved_cfind_responses.map((a) => [a.id, a.starred])).toEqual([
      ['s1', true],
      ['f1', false],
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.read', resourceType: 'patient-request', resourceId: 'r1' }),
    ]);
  });

  it('answers a person it is shared with only the responses their grant covers, with who shared it', async () => {
    const fake = fakeUseCaseKit();
    const access = stub<SharedAccess>(
      {
        decide: jest.fn().mockResolvedValue({
          owner: 'owner',
          reason: { kind: 'share', recipientId: 'r9', sharedBy: 'owner' },
        }),
        canSee: jest.fn(async (_db, _user, key: { studyUid: string | null }) => key.studyUid === '1.2.3'),
        sharerName: jest.fn().mockResolvedValue('Pat Jordan'),
      },
      'access',
    );
    const library = stub<LibraryRepository>(
      { findOwnedRequest: jest.fn(async (_db, _id, userId: string) => (userId === 'owner' ? row : null)) },
      'library',
    );
    const useCase = new GetPatientRequest(
      fake.kit,
      library,
      stub<StarRepository>({ starredOf: jest.fn().mockResolvedValue([]) }, 'stars'),
      access,
    );
    const request = await useCase.execute('viewer', 'r1', testCaller('viewer'));
    expect(request.approved_cfind_responses.map((a) => [a.id, a.sharedWithMe])).toEqual([['s1', true]]);
    expect(request.shared_by).toEqual({ name: 'Pat Jordan', user_id: 'owner' });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.read',
        subjectId: 'owner',
        detail: { access: 'shared by owner' },
      }),
    ]);
  });

  it("answers 404 for another user's or a missing request, auditing nothing", async () => {
    const { fake, useCase } = setup(null);
    await expect(useCase.execute('u2', 'r1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Patient request not found',
    });
    expect(fake.audit).toEqual([]);
  });
});
