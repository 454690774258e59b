import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DataRequestRepository } from '../data-request.repository';
import { OtherDocuments } from './other-documents';

describe('OtherDocuments', () => {
  const attachments = [
    {
      id: 'a1',
      kind: 'authorization_form',
      key: 'requests/forms/r1.pdf',
      fileName: 'authorization-form.pdf',
      contentType: 'application/pdf',
    },
  ];
  const setup = () => {
    const fake = fakeUseCaseKit();
    const read = jest.fn().mockResolvedValue(Buffer.from('%PDF-'));
    const useCase = new OtherDocuments(
      fake.kit,
      stub<BlobStore>({ read }),
      stub<DataRequestRepository>({
        findForStaff: jest.fn().mockResolvedValue({ id: 'r1', patient_user_id: 'u1', attachments }),
      }),
    );
    return { fake, read, useCase };
  };
  it("lists the patient's attachments and serves one by id from its blob key, both audited", async () => {
    const { fake, read, useCase } = setup();
    await expect(useCase.list('s', 'r1', testCaller('s'))).resolves.toEqual([
      {
        id: 'a1',
        kind: 'authorization_form',
        file_name: 'authorization-form.pdf',
        content_type: 'application/pdf',
      },
    ]);
    await expect(useCase.content('s', 'r1', 'a1', testCaller('s'))).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
    expect(read).toHaveBeenCalledWith('requests/forms/r1.pdf');
    expect(fake.audit.map((a) => a.action)).toEqual([
      'provider.other-documents-read',
      'provider.other-document-read',
    ]);
  });
  it('answers 404 for an unknown attachment id', async () => {
    await expect(setup().useCase.content('s', 'r1', 'zz', testCaller('s'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });
});
