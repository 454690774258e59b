import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { LinkTokens } from '../link-tokens';
import type { ViewerLink, ViewerLinkRepository } from '../viewer-link.repository';
import { aLink, aLinkedStudy } from '../viewer-link.fixtures';
import { GetViewerConfig } from './get-viewer-config';

describe('GetViewerConfig', () => {
  const setup = (link: ViewerLink | null) => {
    const fake = fakeUseCaseKit();
    const studiesOf = jest.fn(async () => [
      { studyInstanceUid: '1.2.3', patientRequestId: 'r1' },
      { studyInstanceUid: '1.2.4', patientRequestId: null },
    ]);
    const linkedStudies = jest.fn(async () => [
      aLinkedStudy(),
      aLinkedStudy({
        id: 's2',
        study_instance_uid: '1.2.4',
        patient_request_id: 'r2',
        custodian_id: null,
        custodian_name: null,
      }),
    ]);
    const tokens = {
      opens: jest.fn(async (t: string | undefined, id: string) => t === `token-of-${id}`),
      sign: jest.fn(async () => 'fresh'),
    };
    const useCase = new GetViewerConfig(
      fake.kit,
      stub<ViewerLinkRepository>(
        { findAvailable: jest.fn(async () => link), studiesOf, recordOpen: jest.fn() },
        'links',
      ),
      stub<LibraryRepository>({ linkedStudies }, 'library'),
      stub<LinkTokens>(tokens, 'tokens'),
    );
    return { fake, tokens, useCase, linkedStudies };
  };

  it('answers 404 for a link that is unknown, expired or revoked (the repository finds only available ones)', async () => {
    await expect(setup(null).useCase.execute('l1', undefined, testCaller(null))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('answers only need_password for a password link without a token of this link, reading nothing', async () => {
    const { fake, linkedStudies, useCase } = setup(aLink({ passwordHash: 'scrypt$a$b' }));
    for (const token of [undefined, 'token-of-l2', 'junk'])
      await expect(useCase.execute('l1', token, testCaller(null))).resolves.toEqual({ need_password: true });
    expect(linkedStudies).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it("answers the full config with the caller's token once the password was given", async () => {
    const { tokens, useCase } = setup(aLink({ passwordHash: 'scrypt$a$b' }));
    await expect(useCase.execute('l1', 'token-of-l1', testCaller(null))).resolves.toMatchObject({
      need_password: false,
      token: 'token-of-l1',
      studyDetail: { dicom: ['1.2.3', '1.2.4'] },
    });
    expect(tokens.sign).not.toHaveBeenCalled();
  });

  it('answers an open link at once with a fresh view token, its requests grouped with facility (or Self Uploaded) and patient, audited', async () => {
    const { fake, tokens, useCase, linkedStudies } = setup(aLink());
    const config = await useCase.execute('l1', undefined, testCaller(null));
    expect(linkedStudies).toHaveBeenCalledWith(fake.kit.db, 'u1', ['1.2.3', '1.2.4']);
    expect(tokens.sign).toHaveBeenCalledWith(aLink(), ['1.2.3', '1.2.4'], 'view');
    expect(config.token).toBe('fresh');
    expect(
      config.studyDetail!.approved_cfind_responses.map((r) => r.cfind_response.study_instance_uid),
    ).toEqual(['1.2.3', '1.2.4']);
    expect(config.patient_requests).toEqual([
      expect.objectContaining({
        id: 'r1',
        organization: { id: 'c1', name: 'St. Mary' },
        patients: [{ first_name: 'Jane', last_name: 'Doe' }],
      }),
      expect.objectContaining({ id: 'r2', organization: { id: '', name: 'Self Uploaded' } }),
    ]);
    expect(config.patient_requests![0].approved_cfind_responses[0].cfind_response).toEqual({
      id: 's1',
      modality: 'CT',
      study_description: 'Chest',
      study_instance_uid: '1.2.3',
      study_date_time: '2024-05-01',
      total_instances: 2,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'sharing.viewer-config-read', resourceId: 'l1', subjectId: 'u1' }),
    ]);
  });
});
