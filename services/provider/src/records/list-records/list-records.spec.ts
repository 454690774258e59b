import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DocumentRepository } from '../../documents/document.repository';
import { ListRecords } from './list-records';

describe('ListRecords', () => {
  it('asks for favourites only on that tab, audited; shared is empty for now', async () => {
    const fake = fakeUseCaseKit();
    const records = jest.fn().mockResolvedValue([{ id: 'x' }]);
    const useCase = new ListRecords(fake.kit, stub<DocumentRepository>({ records }));
    await expect(
      useCase.execute('s', { tab: 'favourites', search: 'mri' }, testCaller('s')),
    ).resolves.toEqual([{ id: 'x' }]);
    expect(records).toHaveBeenCalledWith(expect.anything(), 's', { favouritesOnly: true, search: 'mri' });
    await expect(useCase.execute('s', { tab: 'shared', search: '' }, testCaller('s'))).resolves.toEqual([]);
    expect(fake.audit).toHaveLength(1);
  });
});
