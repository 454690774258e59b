import type { PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository, LinkedStudyRow } from '../library/library.repository';
import type { CreateViewerLink } from '../viewer-links/create-viewer-link/create-viewer-link';
import type { HealthLinkRepository } from './health-link.repository';
import { HealthLinkIssuer } from './health-link-issuer';

const study = (uid: string) => ({ study_instance_uid: uid }) as LinkedStudyRow;

describe('HealthLinkIssuer', () => {
  const setup = (studies: LinkedStudyRow[]) => {
    const fake = fakeUseCaseKit();
    const within = jest.fn(async () => ({ id: 'link-1' }));
    const insert = jest.fn(async () => undefined);
    const issuer = new HealthLinkIssuer(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<LibraryRepository>({ requestStudies: jest.fn(async () => studies) }, 'library'),
      stub<CreateViewerLink>({ within }, 'create'),
      stub<HealthLinkRepository>({ insert }, 'healthLinks'),
    );
    return { fake, within, insert, issuer };
  };
  const link = { password: 'tulip-42', expiresAt: null, purpose: 'health-link' as const, recipient: 'Dr. R' };

  it("links the record's one study and makes it a health link in the same transaction, its shlink naming the manifest and key", async () => {
    const { fake, within, insert, issuer } = setup([study('1.2.3'), study('1.2.4')]);
    const made = await issuer.issue(
      'u1',
      { patientRequestId: 'p1', studyUid: '1.2.3' },
      link,
      'Dr. R',
      testCaller('u1'),
    );
    expect(within).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({
        ownerUserId: 'u1',
        studies: [{ studyInstanceUid: '1.2.3', patientRequestId: 'p1' }],
        ...link,
      }),
      expect.anything(),
    );
    expect(insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({ linkId: 'link-1', label: 'Dr. R' }),
    );
    expect(fake.transactions).toBe(1);
    const payload = JSON.parse(Buffer.from(made.shlink.slice('shlink:/'.length), 'base64url').toString());
    expect(payload).toEqual({
      url: `https://portal.test/api/shl/${made.healthLinkId}`,
      key: expect.stringMatching(/^[\w-]{43}$/),
      flag: 'P',
      label: 'Dr. R',
      v: 1,
    });
  });

  it("is 404 for a record with none of the owner's studies, and makes nothing", async () => {
    const { within, issuer } = setup([]);
    await expect(
      issuer.issue('u2', { patientRequestId: 'p1', studyUid: null }, link, null, testCaller('u2')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(within).not.toHaveBeenCalled();
  });
});
