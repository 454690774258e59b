import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ConsultationRepository } from '../consultation.repository';
import type { ScanMails } from '../scan-mails';
import type { ScanRepository } from '../scan.repository';
import { aScan } from '../test-fixtures';
import { RequestConsultation } from './request-consultation';

describe('RequestConsultation', () => {
  const setup = (insert = jest.fn()) => {
    const fake = fakeUseCaseKit();
    const consultationRequested = jest.fn();
    const useCase = new RequestConsultation(
      fake.kit,
      stub<ScanRepository>({
        findOwned: jest.fn().mockImplementation(async (_db, u) => (u === 'u1' ? aScan() : null)),
      }),
      stub<ConsultationRepository>({ insert }),
      stub<ScanMails>({ consultationRequested }),
    );
    return { fake, insert, consultationRequested, useCase };
  };

  it('keeps the request with its audit row in one transaction, then mails the patient', async () => {
    const { fake, insert, consultationRequested, useCase } = setup();
    const { id } = await useCase.execute(
      { sub: 'u1', email: 'pat@example.com' },
      { wholeBodyScanId: 's1', note: 'Heart?' },
      testCaller('u1'),
    );
    expect(insert).toHaveBeenCalledWith(fake.tx, { id, scanId: 's1', userId: 'u1', note: 'Heart?' });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.wbs-consultation-requested',
        detail: { consultationId: id },
      }),
    ]);
    expect(consultationRequested).toHaveBeenCalledWith(fake.kit.db, 'u1', 'pat@example.com', {
      facility: 'St. Mary Imaging Center',
      scanDate: '2026-11-02',
    });
  });

  it("answers 404 for another patient's scan, and the spec's message when saving fails", async () => {
    await expect(
      setup().useCase.execute({ sub: 'u2' }, { wholeBodyScanId: 's1', note: 'x' }, testCaller('u2')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    const failing = setup(jest.fn().mockRejectedValue(new Error('connection lost')));
    await expect(
      failing.useCase.execute({ sub: 'u1' }, { wholeBodyScanId: 's1', note: 'x' }, testCaller('u1')),
    ).rejects.toMatchObject({ message: 'Unable to submit consultation request. Please try again later.' });
    expect(failing.consultationRequested).not.toHaveBeenCalled();
    expect(failing.fake.audit).toEqual([]);
  });
});
