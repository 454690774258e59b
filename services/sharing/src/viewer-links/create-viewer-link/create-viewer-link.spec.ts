import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ViewerLinkRepository } from '../viewer-link.repository';
import { aLink } from '../viewer-link.fixtures';
import { CreateViewerLink } from './create-viewer-link';

describe('CreateViewerLink', () => {
  const setup = (existingOwner?: string) => {
    const fake = fakeUseCaseKit();
    const insertIfMissing = jest.fn(
      async (_tx, l: { ownerUserId: string; passwordHash: string | null }) => existingOwner ?? l.ownerUserId,
    );
    const addStudies = jest.fn(async () => undefined);
    const find = jest.fn(async (_tx, id: string) => aLink({ id }) as ReturnType<typeof aLink> | null);
    const links = stub<ViewerLinkRepository>(
      {
        insertIfMissing,
        addStudies,
        find,
        studiesOf: jest.fn(async () => [{ studyInstanceUid: '1.2.3', patientRequestId: null }]),
      },
      'links',
    );
    return { fake, insertIfMissing, addStudies, find, useCase: new CreateViewerLink(fake.kit, links) };
  };

  it('makes a random 128-bit id, hashes the password, and announces the link in the same transaction', async () => {
    const { fake, insertIfMissing, useCase } = setup();
    const { id } = await useCase.execute(
      {
        ownerUserId: 'u1',
        studies: [{ studyInstanceUid: '1.2.3', patientRequestId: null }],
        password: 'secret-1',
      },
      testCaller('u1'),
    );
    expect(id).toMatch(/^[\w-]{22}$/);
    const saved = insertIfMissing.mock.calls[0][1];
    expect(saved.passwordHash).toMatch(/^scrypt\$/);
    expect(fake.transactions).toBe(1);
    expect(fake.events).toEqual([
      {
        type: 'sharing.viewer-link-saved',
        payload: {
          linkId: id,
          ownerUserId: 'u1',
          studyInstanceUids: ['1.2.3'],
          expiresAt: null,
          revoked: false,
          version: 1,
        },
      },
    ]);
  });

  it("refuses an id another owner's link has (409), announcing nothing", async () => {
    const { fake, addStudies, useCase } = setup('u2');
    await expect(
      useCase.execute({ id: 'demo', ownerUserId: 'u1', studies: [] }, testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.CONFLICT' });
    expect(addStudies).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
  });

  it('hashes a password only for a link it makes: a link given again by its id keeps its own (the demo seed, once per study stored)', async () => {
    const { fake, insertIfMissing, find, useCase } = setup();
    const link = { id: 'demo', ownerUserId: 'u1', studies: [], password: 'secret-1' };
    const within = () => fake.kit.transaction((tx) => useCase.within(tx, link, testCaller('u1')));
    await within();
    expect(insertIfMissing.mock.calls[0][1].passwordHash).toBeNull();
    find.mockResolvedValueOnce(null);
    await within();
    expect(insertIfMissing.mock.calls[1][1].passwordHash).toMatch(/^scrypt\$/);
  });
});
