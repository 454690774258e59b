import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository } from '../../documents/document.repository';
import { StarRecord } from './star-record';

describe('StarRecord', () => {
  it("stars a delivered record of the caller's facilities, audited", async () => {
    const fake = fakeUseCaseKit();
    const doc = { id: 'doc1', patient_user_id: 'u1', study_uid: '1.2', patient_request_id: 'r1' };
    const star = jest.fn();
    await new StarRecord(
      fake.kit,
      stub<DocumentRepository>({ findDeliveredForStaff: jest.fn().mockResolvedValue(doc), star }),
    ).execute('s', { documentId: 'doc1', starred: true }, testCaller('s'));
    expect(star).toHaveBeenCalledWith(fake.tx, 's', doc, true);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'provider.record-starred', resourceId: 'doc1' }),
    ]);
  });
  it('answers 404 for a record it cannot see', async () => {
    await expect(
      new StarRecord(
        fakeUseCaseKit().kit,
        stub<DocumentRepository>({ findDeliveredForStaff: jest.fn().mockResolvedValue(null) }),
      ).execute('s', { documentId: 'x', starred: true }, testCaller('s')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
