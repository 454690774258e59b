import type { MailService } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { PatientRequestRepository } from '../patient-request.repository';
import { SendProviderEmails } from './send-provider-emails';

describe('SendProviderEmails', () => {
  const setup = (found: boolean, status = 'Pending images by External Provider') => {
    const fake = fakeUseCaseKit();
    const send = jest.fn().mockResolvedValue(undefined);
    const findOwned = jest
      .fn()
      .mockResolvedValue(
        found
          ? { id: 'r1', status, custodian_name: 'Lakeside Radiology', created_at: new Date('2026-01-02') }
          : null,
      );
    const useCase = new SendProviderEmails(
      fake.kit,
      stub<MailService>({ send }, 'mail'),
      stub<PatientRequestRepository>({ findOwned }, 'requests'),
    );
    return { fake, send, findOwned, useCase };
  };

  it("mails each address once for the owner's request, audited", async () => {
    const { fake, send, findOwned, useCase } = setup(true);
    await expect(
      useCase.execute('u1', 'r1', ['a@x.org', 'b@x.org', 'a@x.org'], testCaller('u1')),
    ).resolves.toEqual({
      message: 'Request to send emails to external providers has been submitted successfully',
    });
    expect(findOwned).toHaveBeenCalledWith(expect.anything(), 'r1', 'u1');
    expect(send.mock.calls.map(([m]) => m.to)).toEqual(['a@x.org', 'b@x.org']);
    expect(send.mock.calls[0][0].text).toContain('Lakeside Radiology');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'requests.providers-emailed', resourceId: 'r1' }),
    ]);
  });

  it("answers 404 for a request that is not the caller's and mails nobody", async () => {
    const { send, useCase } = setup(false);
    await expect(useCase.execute('u2', 'r1', ['a@x.org'], testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(send).not.toHaveBeenCalled();
  });

  it.each(['Pending payment', 'Pending payment clearance'])(
    'refuses (409) while the fee is not paid (%s): nothing reaches the facility before it is',
    async (status) => {
      const { fake, send, useCase } = setup(true, status);
      await expect(useCase.execute('u1', 'r1', ['a@x.org'], testCaller('u1'))).rejects.toMatchObject({
        code: 'RESOURCE.CONFLICT',
        message: 'The facility receives this request once its fee is paid',
      });
      expect(send).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
    },
  );
});
