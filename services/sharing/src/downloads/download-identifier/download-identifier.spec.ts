import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { IMAGING_API } from '@portal/contracts';
import { ViewerTokens } from '@portal/server-kit';
import { fakeUseCaseKit, testCaller } from '@portal/server-kit/testing';
import type { SharingAccess } from '../../people/sharing-access';
import { DownloadIdentifierUseCase } from './download-identifier';

describe('DownloadIdentifierUseCase', () => {
  const tokens = new ViewerTokens({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'download-id-')),
    viewerTokenSecret: 'test',
  });
  const setup = (owner: string | null) => {
    const fake = fakeUseCaseKit();
    const forUser = jest.fn(async () =>
      owner ? { owner, reason: { kind: 'share' as const, recipientId: 'r1', sharedBy: owner } } : null,
    );
    return {
      fake,
      useCase: new DownloadIdentifierUseCase(fake.kit, tokens, {
        policy: { forUser },
      } as unknown as SharingAccess),
    };
  };
  const q = { patientRequestId: '5f0c8e4e-1111-4000-8000-000000000001', studyUid: '1.2.3' };

  it("issues a download token of the one study for the study's owner (a sharer's when shared), with the ISO or zip url", async () => {
    const { fake, useCase } = setup('owner-1');
    const iso = await useCase.execute('viewer-1', q, 'iso', testCaller('viewer-1'));
    expect(iso.url).toBe(`${IMAGING_API.fetchDownloadISO}?identifier=${encodeURIComponent(iso.identifier)}`);
    await expect(tokens.verify(iso.identifier, 'download')).resolves.toMatchObject({
      sub: 'viewer-1',
      owner: 'owner-1',
      studies: ['1.2.3'],
    });
    const zip = await useCase.execute('viewer-1', q, 'zip', testCaller('viewer-1'));
    expect(zip.url).toBe(IMAGING_API.archive(zip.identifier));
    expect(fake.audit.map((a) => a.action)).toEqual(['sharing.iso-identifier', 'sharing.zip-identifier']);
  });

  it('answers 404 to someone who neither owns nor is shared the study', async () => {
    const { fake, useCase } = setup(null);
    await expect(useCase.execute('stranger', q, 'zip', testCaller('stranger'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(fake.audit).toEqual([]);
  });
});
