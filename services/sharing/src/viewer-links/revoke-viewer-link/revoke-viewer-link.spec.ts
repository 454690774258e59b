import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ViewerLinkRepository } from '../viewer-link.repository';
import { aLink } from '../viewer-link.fixtures';
import { RevokeViewerLink } from './revoke-viewer-link';

describe('RevokeViewerLink', () => {
  const setup = (owns: boolean) => {
    const fake = fakeUseCaseKit();
    const links = stub<ViewerLinkRepository>(
      {
        revoke: jest.fn(async () => owns),
        find: jest.fn(async () => aLink({ revoked: true })),
        studiesOf: jest.fn(async () => []),
      },
      'links',
    );
    return { fake, useCase: new RevokeViewerLink(fake.kit, links) };
  };

  it("revokes the owner's link and announces it revoked", async () => {
    const { fake, useCase } = setup(true);
    await useCase.execute('u1', 'l1', testCaller('u1'));
    expect(fake.events).toEqual([
      {
        type: 'sharing.viewer-link-saved',
        payload: expect.objectContaining({ linkId: 'l1', revoked: true }),
      },
    ]);
  });

  it("answers 404 for a link that is not the caller's", async () => {
    const { fake, useCase } = setup(false);
    await expect(useCase.execute('u2', 'l1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(fake.events).toEqual([]);
  });
});
