import type { MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { LibraryRepository, LinkedStudyRow } from '../../library/library.repository';
import type { CreateViewerLink } from '../../viewer-links/create-viewer-link/create-viewer-link';
import type { FacilityShareRepository } from '../facility-share.repository';
import { ShareWithFacility } from './share-with-facility';

const study = {
  study_instance_uid: '1.2.3',
  modality: 'MR',
  study_description: 'BRAIN',
  study_date: '2001-03-16',
  patient_first_name: 'Pat',
  patient_last_name: 'Jordan',
} as LinkedStudyRow;
const input = {
  patientRequestId: 'p1',
  custodian: 'c1',
  studyUid: '1.2.3',
  note: 'For Friday',
  alias: 'Lakeside Radiology',
  email: 'desk@lakeside.example',
};

describe('ShareWithFacility', () => {
  const setup = (studies: LinkedStudyRow[]) => {
    const fake = fakeUseCaseKit();
    const within = jest.fn(async () => ({ id: 'link-9' }));
    const insert = jest.fn();
    const send = jest.fn(async () => undefined);
    const useCase = new ShareWithFacility(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<LibraryRepository>({ requestStudies: jest.fn(async () => studies) }, 'library'),
      stub<CreateViewerLink>({ within }, 'create'),
      stub<MailService>({ send }, 'mailer'),
      stub<FacilityShareRepository>({ insert }, 'shares'),
    );
    return { fake, within, insert, send, useCase };
  };

  it('mails the facility a 30-day link to the study with the patient and the note, and keeps the share', async () => {
    const { fake, within, insert, send, useCase } = setup([study]);
    await expect(useCase.execute('u1', input, testCaller('u1'))).resolves.toBe('OK');
    const [[, link]] = within.mock.calls as unknown as Array<
      [unknown, { expiresAt: Date; purpose: string; recipient: string }]
    >;
    expect(link).toMatchObject({ purpose: 'facility', recipient: 'Lakeside Radiology' });
    expect(Math.round((link.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(30);
    expect(insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ linkId: 'link-9', email: 'desk@lakeside.example', note: 'For Friday' }),
    );
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'desk@lakeside.example',
        text: expect.stringContaining('https://portal.test/view/link-9'),
      }),
    );
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'sharing.shared-with-facility' })]);
  });

  it("answers 404 for a study that is not the caller's, mailing nothing", async () => {
    const { send, useCase } = setup([]);
    await expect(useCase.execute('u2', input, testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(send).not.toHaveBeenCalled();
  });
});
