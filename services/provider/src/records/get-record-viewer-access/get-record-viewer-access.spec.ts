import { PROVIDER_VIEWER_TOKEN_TTL_SECONDS } from '@portal/contracts';
import type { ViewerTokens } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository } from '../../documents/document.repository';
import { GetRecordViewerAccess } from './get-record-viewer-access';

describe('GetRecordViewerAccess', () => {
  const setup = (found: { study_uid: string | null } | null) => {
    const fake = fakeUseCaseKit();
    const sign = jest.fn().mockResolvedValue('sealed');
    const documents = stub<DocumentRepository>({
      findDeliveredForStaff: jest
        .fn()
        .mockResolvedValue(
          found && { id: 'doc1', patient_user_id: 'u1', patient_request_id: 'r1', ...found },
        ),
    });
    return {
      fake,
      sign,
      documents,
      useCase: new GetRecordViewerAccess(fake.kit, documents, stub<ViewerTokens>({ sign })),
    };
  };

  it('issues a short-lived token for the delivered study, naming the patient as owner and the delivery, audited', async () => {
    const { fake, sign, documents, useCase } = setup({ study_uid: '1.2.3' });
    await expect(useCase.execute('staff1', 'doc1', testCaller('staff1'))).resolves.toEqual({
      jwt: 'sealed',
      study_available: true,
    });
    expect(documents.findDeliveredForStaff).toHaveBeenCalledWith(fake.kit.db, 'staff1', 'doc1');
    expect(sign).toHaveBeenCalledWith(
      { sub: 'staff1', owner: 'u1', studies: ['1.2.3'], purpose: 'view', delivery: 'r1' },
      PROVIDER_VIEWER_TOKEN_TTL_SECONDS,
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'provider.viewer-token-issued',
        resourceId: '1.2.3',
        subjectId: 'u1',
      }),
    ]);
  });

  it("answers 404 for another facility's record and for a record with no study, issuing nothing", async () => {
    const other = setup(null);
    await expect(other.useCase.execute('staff1', 'doc1', testCaller('staff1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(other.sign).not.toHaveBeenCalled();
    const report = setup({ study_uid: null });
    await expect(report.useCase.execute('staff1', 'doc1', testCaller('staff1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'This record has no imaging study to view',
    });
    expect(report.sign).not.toHaveBeenCalled();
  });
});
