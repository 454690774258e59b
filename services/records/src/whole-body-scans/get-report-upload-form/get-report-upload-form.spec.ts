import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FacilityStaff } from '../facility-staff';
import { GetReportUploadForm } from './get-report-upload-form';

describe('GetReportUploadForm', () => {
  const setup = () => {
    const fake = fakeUseCaseKit();
    const createUploadForm = jest.fn().mockResolvedValue({ key: 'k' });
    const facilitiesOf = jest.fn().mockResolvedValue([{}]);
    return {
      createUploadForm,
      useCase: new GetReportUploadForm(
        fake.kit,
        stub<BlobStore>({ createUploadForm }),
        stub<FacilityStaff>({ facilitiesOf }),
      ),
    };
  };

  it("gives a form under the caller's prefix with the kind's rules", async () => {
    const { createUploadForm, useCase } = setup();
    await useCase.execute('u9', { fileName: 'scan explained.webm', size: 1000, kind: 'VIDEO_REPORT' });
    expect(createUploadForm).toHaveBeenCalledWith('records/wbs/u9', {
      contentTypes: ['video/mp4', 'video/webm'],
      maxBytes: 500 * 1024 * 1024,
    });
  });

  it('refuses a name of another kind and a file too large before any byte moves', async () => {
    const { createUploadForm, useCase } = setup();
    await expect(
      useCase.execute('u9', { fileName: '../../etc/passwd', size: 10, kind: 'PDF_REPORT' }),
    ).rejects.toMatchObject({
      errors: { fileName: 'A report must be a PDF file' },
    });
    await expect(
      useCase.execute('u9', { fileName: 'a.pdf', size: 51 * 1024 * 1024, kind: 'PDF_REPORT' }),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED' });
    expect(createUploadForm).not.toHaveBeenCalled();
  });
});
