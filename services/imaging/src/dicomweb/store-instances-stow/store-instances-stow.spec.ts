import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { StorageGate } from '@portal/server-kit';
import type { IndexedInstance } from '../../instances/dicom-index/index-dicom';
import type { StoreInstances } from '../../instances/store-instances/store-instances';
import { multipartBody } from '../shared/multipart';
import { FAILURE } from './stow-response';
import { StoreInstancesStow } from './store-instances-stow';

// Parsing DICOM is indexFiles' own business (its worker and spec); here each part's text names its study, 'junk' fails.
jest.mock('../../instances/dicom-index/index-files', () => ({
  indexFiles: async (files: Array<{ name: string; bytes: Buffer }>) => ({
    indexed: files
      .filter((f) => f.bytes.toString() !== 'junk')
      .map((f) => ({
        attributes: {
          studyInstanceUid: f.bytes.toString(),
          sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
          sopInstanceUid: `${f.bytes}.1`,
          seriesInstanceUid: `${f.bytes}.9`,
        },
      })),
    failed: files
      .filter((f) => f.bytes.toString() === 'junk')
      .map((f) => ({ name: f.name, reason: 'damaged' })),
  }),
}));

describe('StoreInstancesStow', () => {
  const type = (boundary: string) => `multipart/related; type="application/dicom"; boundary=${boundary}`;
  const body = (...parts: string[]) =>
    multipartBody(
      'b0',
      'application/dicom',
      parts.map((p) => Buffer.from(p)),
    );
  const setup = (outOfRoom: string[] = []) => {
    const fake = fakeUseCaseKit();
    const store = jest.fn(async (_tx, _owner, parts: IndexedInstance[]) => {
      const refused = parts.filter((p) => outOfRoom.includes(p.attributes.studyInstanceUid));
      const accepted = parts.filter((p) => !refused.includes(p)).map((p) => p.attributes);
      return {
        studies: 1,
        instances: parts.length,
        stored: accepted.length,
        accepted,
        failed: refused.map((p) => ({ name: 'x', reason: 'quota', instance: p.attributes })),
      };
    });
    return {
      fake,
      store,
      useCase: new StoreInstancesStow(
        fake.kit,
        stub<StoreInstances>({ store: store as never }, 'storeInstances'),
        stub<StorageGate>({ assertOpen: jest.fn().mockResolvedValue(undefined) }, 'storage'),
      ),
    };
  };

  it("stores each part into the caller's own library (no request) and answers the stored and the failed, audited", async () => {
    const { fake, store, useCase } = setup();
    const answer = await useCase.execute(
      'u1',
      type('b0'),
      body('1.2.3', 'junk'),
      undefined,
      testCaller('u1'),
    );
    expect(store).toHaveBeenCalledWith(expect.anything(), { userId: 'u1', patientRequestId: null }, [
      expect.objectContaining({ attributes: expect.objectContaining({ studyInstanceUid: '1.2.3' }) }),
    ]);
    expect(answer.dataset['00081199'].Value).toHaveLength(1);
    expect(answer.dataset['00081198'].Value).toEqual([
      expect.objectContaining({ '00081197': { vr: 'US', Value: [FAILURE.cannotUnderstand] } }),
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.stow-stored',
        subjectId: 'u1',
        detail: { studies: 1, stored: 1, failed: 1 },
      }),
    ]);
  });

  it('refuses an instance of another study than the path names, and one there is no room for', async () => {
    const { useCase } = setup(['4.5.6']);
    const inStudy = await useCase.execute(
      'u1',
      type('b0'),
      body('1.2.3', '7.8.9'),
      '1.2.3',
      testCaller('u1'),
    );
    expect(inStudy.dataset['00081198'].Value).toEqual([
      expect.objectContaining({ '00081197': { vr: 'US', Value: [FAILURE.studyMismatch] } }),
    ]);
    const full = await useCase.execute('u1', type('b0'), body('4.5.6'), undefined, testCaller('u1'));
    expect(full.dataset['00081198'].Value).toEqual([
      expect.objectContaining({ '00081197': { vr: 'US', Value: [FAILURE.outOfResources] } }),
    ]);
  });

  it('refuses a body that is not multipart/related Part 10 files (FILE.INVALID_TYPE), storing nothing', async () => {
    const { store, useCase } = setup();
    for (const [contentType, bytes] of [
      ['application/dicom', body('1.2.3')],
      ['multipart/related; type="application/dicom"', body('1.2.3')],
      ['multipart/related; type="application/dicom+json"; boundary=b0', body('1.2.3')],
      [type('other'), body('1.2.3')],
      [undefined, body('1.2.3')],
    ] as const) {
      await expect(
        useCase.execute('u1', contentType, bytes, undefined, testCaller('u1')),
      ).rejects.toMatchObject({ code: 'FILE.INVALID_TYPE' });
    }
    expect(store).not.toHaveBeenCalled();
  });
});
