import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ManualUpload } from '../../uploads/manual-upload/manual-upload';
import type { FollowUpRepository } from '../follow-up.repository';
import { aTask } from '../test-fixtures';
import { UpdateFollowUp } from './update-follow-up';

describe('UpdateFollowUp', () => {
  const setup = (found = true) => {
    const fake = fakeUseCaseKit();
    const repo = {
      findOwned: jest.fn().mockResolvedValue(found ? aTask() : null),
      update: jest.fn(),
      documentOfKey: jest.fn().mockResolvedValue('d1'),
    };
    const execute = jest.fn().mockResolvedValue({ patientRequestId: 'r9' });
    return {
      fake,
      repo,
      execute,
      useCase: new UpdateFollowUp(fake.kit, stub<FollowUpRepository>(repo), stub<ManualUpload>({ execute })),
    };
  };
  const user = { sub: 'u1', personId: 'p1' };

  it('moves the due date and marks it done in one audited change', async () => {
    const { fake, repo, execute, useCase } = setup();
    await useCase.execute(user, 't1', { dueDate: '2027-01-05', done: true }, testCaller('u1'));
    expect(repo.update).toHaveBeenCalledWith(fake.tx, 't1', {
      dueDate: '2027-01-05',
      done: true,
      resultDocumentId: undefined,
    });
    expect(execute).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.wbs-follow-up-updated', subjectId: 'u1' }),
    ]);
  });

  it('files a result through the self upload use case, as a record of the library', async () => {
    const { repo, execute, useCase } = setup();
    await useCase.execute(
      user,
      't1',
      { resultUploadKey: 'records/self/u1/k', resultFileName: 'letter.pdf' },
      testCaller('u1'),
      new Date('2026-11-26T00:00:00Z'),
    );
    expect(execute).toHaveBeenCalledWith(
      { userId: 'u1', personId: 'p1' },
      {
        uploaded_images: [{ id: 'records/self/u1/k', path: '', file_name: 'letter.pdf' }],
        family_member_id: null,
        examDate: '01/11/2026',
        recordName: 'Follow-up: See a cardiologist',
        recordType: 'REPORTS',
      },
      testCaller('u1'),
    );
    expect(repo.update.mock.calls[0][2]).toMatchObject({ resultDocumentId: 'd1' });
  });

  it("answers 404 for another patient's task and 400 for half a result", async () => {
    await expect(
      setup(false).useCase.execute(user, 't1', { done: true }, testCaller('u1')),
    ).rejects.toMatchObject({
      message: 'Follow-up not found',
    });
    await expect(
      setup().useCase.execute(user, 't1', { resultUploadKey: 'k' }, testCaller('u1')),
    ).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
  });
});
