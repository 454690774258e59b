import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import type { LibraryRow } from '../patient-request.mapper';
import { GetStudyData } from './get-study-data';

const row: LibraryRow = {
  id: 'r1',
  custodian_id: 'c1',
  custodian_name: 'St. Mary Imaging Center',
  status: 'Completed',
  doc_req_types: ['IMAGES', 'REPORTS'],
  created_at: new Date('2026-10-01T10:00:00Z'),
  starred: false,
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
};

describe('GetStudyData', () => {
  it("answers the caller's requests in the spec's patient request shape and audits the read", async () => {
    const fake = fakeUseCaseKit();
    const listWithStudies = jest.fn().mockResolvedValue([row]);
    const data = await new GetStudyData(
      fake.kit,
      stub<LibraryRepository>({ listWithStudies }, 'library'),
    ).execute('u1', testCaller('u1'));
    expect(listWithStudies).toHaveBeenCalledWith(expect.anything(), 'u1', null);
    expect(data).toEqual([
      {
        id: 'r1',
        organization: { id: 'c1', name: 'St. Mary Imaging Center' },
        status: { name: 'Completed' },
        created: '2026-10-01T10:00:00.000Z',
        starred: false,
        document_request: [
          { document_request_type: { mnemonic: 'IMAGES', name: 'Images' } },
          { document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } },
        ],
        approved_cfind_responses: [
          {
            id: 's1',
            created: '2026-10-02T00:00:00Z',
            cfind_response: {
              id: 's1',
              modality: 'MR',
              study_description: 'Brain',
              study_instance_uid: '1.2.3',
              study_date_time: '2026-09-30',
              total_instances: 20,
              created_at: '2026-10-02T00:00:00Z',
            },
            starred: false,
            shared_with: [],
          },
        ],
        patients: [{ first_name: '', last_name: '' }],
        manual_upload_dicom: false,
        record_name: null,
        has_attachments: false,
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.read',
        resourceType: 'library',
        subjectId: 'u1',
        caller: testCaller('u1'),
      }),
    ]);
  });

  it('answers delivered documents as approved responses after the studies', async () => {
    const documents = [
      {
        id: 'f1',
        file_name: 'report.pdf',
        document_request_id: 'd2',
        document_request_type: 'REPORTS',
        created_at: '2026-10-03T00:00:00Z',
      },
    ];
    const useCase = new GetStudyData(
      fakeUseCaseKit().kit,
      stub<LibraryRepository>(
        { listWithStudies: jest.fn().mockResolvedValue([{ ...row, documents }]) },
        'library',
      ),
    );
    const [request] = await useCase.execute('u1', testCaller('u1'));
    expect(request.approved_cfind_responses.map((a) => a.id)).toEqual(['s1', 'f1']);
    expect(request.approved_cfind_responses[1]).toEqual({
      id: 'f1',
      created: '2026-10-03T00:00:00.000Z',
      document: { file_name: 'report.pdf', created: '2026-10-03T00:00:00.000Z' },
      s3_filename: 'report.pdf',
      document_request: { id: 'd2', document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } },
      starred: false,
      shared_with: [],
    });
  });

  it('a request without studies has no approved responses', async () => {
    const useCase = new GetStudyData(
      fakeUseCaseKit().kit,
      stub<LibraryRepository>(
        { listWithStudies: jest.fn().mockResolvedValue([{ ...row, studies: null }]) },
        'library',
      ),
    );
    expect((await useCase.execute('u1', testCaller('u1')))[0].approved_cfind_responses).toEqual([]);
  });
});
