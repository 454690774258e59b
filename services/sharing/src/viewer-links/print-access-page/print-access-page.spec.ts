import { ACCESS_PAGE_PASSWORD_LENGTH } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LinkedStudyRow } from '../../library/library.repository';
import { sharedRecordNotFound } from '../../sharing.errors';
import { accessPagePassword } from '../access-page-password';
import type { ViewerLinkRepository } from '../viewer-link.repository';
import type { HealthLinkIssuer } from '../../health-links/health-link-issuer';
import { PrintAccessPage } from './print-access-page';

const study = (uid: string): LinkedStudyRow =>
  ({
    id: uid,
    study_instance_uid: uid,
    patient_request_id: 'p1',
    modality: 'MR',
    study_description: 'BRAIN',
    study_date: '2001-03-16',
    number_of_instances: 3,
    created_at: new Date(),
    custodian_id: 'c1',
    custodian_name: 'St. Mary',
    patient_first_name: 'Pat',
    patient_last_name: 'Jordan',
  }) as LinkedStudyRow;

describe('PrintAccessPage', () => {
  const setup = (studies: LinkedStudyRow[]) => {
    const issue = jest.fn(async () => {
      if (!studies.length) throw sharedRecordNotFound();
      return { linkId: 'link-1', healthLinkId: 'shl-1', shlink: 'shlink:/abc', studies };
    });
    const listed = {
      id: 'link-1',
      purpose: 'print-access-page',
      recipient: null,
      created_at: new Date(),
      expires_at: null,
      revoked: false,
      need_password: true,
      last_opened_at: null,
      open_count: 0,
      studies: ['1.2.3'],
    };
    const useCase = new PrintAccessPage(
      fakeUseCaseKit().kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<ViewerLinkRepository>({ listByOwner: jest.fn(async () => [listed]) }, 'links'),
      stub<HealthLinkIssuer>({ issue }, 'healthLinks'),
    );
    return { issue, useCase };
  };

  it('makes a password link to the record that is a SMART Health Link too, and answers the password once with what the page shows', async () => {
    const { issue, useCase } = setup([study('1.2.3')]);
    const page = await useCase.execute(
      'u1',
      { patientRequestId: 'p1', studyUid: '1.2.3', expiresAt: null },
      testCaller('u1'),
    );
    expect(issue).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ patientRequestId: 'p1', studyUid: '1.2.3' }),
      { password: page.password, expiresAt: null, purpose: 'print-access-page', recipient: null },
      'Printed access page',
      expect.anything(),
    );
    expect(page).toMatchObject({
      shlink: 'shlink:/abc',
      patientName: 'Pat Jordan',
      facilityName: 'St. Mary',
      studies: [{ modality: 'MR', study_description: 'BRAIN' }],
      link: { url: 'https://portal.test/view/link-1', need_password: true },
    });
  });

  it("answers 404 for a record that is not the caller's", async () => {
    const { useCase } = setup([]);
    await expect(
      useCase.execute('u2', { patientRequestId: 'p1', studyUid: null, expiresAt: null }, testCaller('u2')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });

  it('generates passwords a person can type from paper: unambiguous characters, random', () => {
    const a = accessPagePassword();
    expect(a).toHaveLength(ACCESS_PAGE_PASSWORD_LENGTH);
    expect(a).not.toMatch(/[0O1lI]/);
    expect(accessPagePassword()).not.toBe(a);
  });
});
