import type { StorageGate } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { PersonScope } from '../person-scope';
import { GetRecordsInit } from './get-records-init';

describe('GetRecordsInit', () => {
  const user = { sub: 'u1', personId: 'p1' };
  const make = (
    enableDicomViewer: boolean,
    resolve: PersonScope['resolve'] = async (_db, _u, id) => id ?? null,
  ) =>
    new GetRecordsInit(
      fakeUseCaseKit().kit,
      { enableDicomViewer },
      stub<PersonScope>({ resolve }, 'persons'),
      stub<StorageGate>(
        { standing: async (userId) => ({ open: userId !== 'lapsed', pastDue: false }) },
        'storage',
      ),
    );

  it("answers the viewer setting and the caller's own person by default, or the family member asked for", async () => {
    await expect(make(true).execute(user, undefined)).resolves.toEqual({
      enable_dicom_viewer: true,
      personId: 'p1',
      storage: { open: true, pastDue: false },
    });
    await expect(make(false).execute(user, 'fm1')).resolves.toEqual({
      enable_dicom_viewer: false,
      personId: 'fm1',
      storage: { open: true, pastDue: false },
    });
  });

  it("tells the account holder's storage, for a family member's records too", async () => {
    const lapsed = { sub: 'lapsed', personId: 'p2' };
    await expect(make(true).execute(lapsed, 'fm1')).resolves.toMatchObject({
      storage: { open: false, pastDue: false },
    });
  });

  it('refuses a person that is not the caller or a family member', async () => {
    const refuse = make(true, async () => {
      throw new Error('Person not found');
    });
    await expect(refuse.execute(user, 'x')).rejects.toThrow('Person not found');
  });
});
