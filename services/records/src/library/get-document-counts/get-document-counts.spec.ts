import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library.repository';
import { GetDocumentCounts } from './get-document-counts';

describe('GetDocumentCounts', () => {
  const setup = (owned: boolean) => {
    const fake = fakeUseCaseKit();
    const library = stub<LibraryRepository>(
      {
        findOwnedRequest: jest.fn().mockResolvedValue(owned ? { id: 'r1' } : null),
        countResponses: jest.fn().mockResolvedValue({ studies: 3, byType: { REPORTS: 2, OTHERS: 1 } }),
      },
      'library',
    );
    return { fake, useCase: new GetDocumentCounts(fake.kit, library) };
  };

  it("counts studies and documents by type of the owner's request, audited", async () => {
    const { fake, useCase } = setup(true);
    await expect(useCase.execute('u1', 'r1', testCaller('u1'))).resolves.toEqual({
      total: 6,
      studies: 3,
      byType: { REPORTS: 2, OTHERS: 1 },
    });
    expect(fake.audit).toHaveLength(1);
  });

  it('answers 404 for anyone else', async () => {
    await expect(setup(false).useCase.execute('u2', 'r1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });
});
