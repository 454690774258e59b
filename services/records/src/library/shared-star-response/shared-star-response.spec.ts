import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { SharedAccess } from '../shared-access';
import type { StarRepository } from '../star.repository';
import { SharedStarResponse, sharedItemKey } from './shared-star-response';

const input = { patientRequestId: 'r1', studyUid: '1.2.3', documentId: null, starred: true };

const setup = (canSee: boolean) => {
  const fake = fakeUseCaseKit();
  const setSharedStar = jest.fn();
  const useCase = new SharedStarResponse(
    fake.kit,
    stub<StarRepository>({ setSharedStar }, 'stars'),
    stub<SharedAccess>({ canSee: jest.fn().mockResolvedValue(canSee) }, 'access'),
  );
  return { fake, setSharedStar, useCase };
};

describe('SharedStarResponse', () => {
  it('keeps the star of a record shared with the caller, by study UID or document id, audited', async () => {
    const { fake, setSharedStar, useCase } = setup(true);
    await expect(useCase.execute('v1', input, testCaller('v1'))).resolves.toEqual({ starred: true });
    expect(setSharedStar).toHaveBeenCalledWith(fake.tx, 'v1', 'r1', 'study:1.2.3', true);
    expect(sharedItemKey({ studyUid: null, documentId: 'd1' })).toBe('document:d1');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'records.shared-starred', resourceId: 'r1' }),
    ]);
  });

  it('answers 404 for a record not shared with the caller (every record, until sharing lands)', async () => {
    const { fake, setSharedStar, useCase } = setup(false);
    await expect(useCase.execute('v1', input, testCaller('v1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(setSharedStar).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it('needs exactly one of studyUid and documentId', async () => {
    const { useCase } = setup(true);
    await expect(useCase.execute('v1', { ...input, studyUid: null }, testCaller('v1'))).rejects.toMatchObject(
      { code: 'REQUEST.VALIDATION_FAILED', message: 'Name either studyUid or documentId' },
    );
    await expect(
      useCase.execute('v1', { ...input, documentId: 'd1' }, testCaller('v1')),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
  });
});
