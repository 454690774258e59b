import type { MailService } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { NotificationRecipientRepository } from '../../notification-recipients/notification-recipient.repository';
import { requestInMemory } from '../fulfilment.fixtures';
import { RequestStatusChanges } from '../request-status';
import { CompleteRequest } from './complete-request';

const indexed = {
  patientRequestId: 'r1',
  userId: 'u1',
  studies: 2,
  instances: 40,
  at: '2026-01-07T09:00:03.000Z',
};

describe('CompleteRequest', () => {
  const setup = (
    recipient: { email: string; request_completion: boolean } | null,
    send = jest.fn().mockResolvedValue(undefined),
  ) => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory({ status: 'Uploaded by external provider' });
    const useCase = new CompleteRequest(
      fake.kit,
      stub<MailService>({ send }, 'mailer'),
      mem.repo,
      stub<NotificationRecipientRepository>({ find: jest.fn().mockResolvedValue(recipient) }, 'recipients'),
      new RequestStatusChanges(fake.kit, mem.repo),
    );
    return { fake, send, ...mem, useCase };
  };

  it('completes the request (timeline, status event, audit) and mails the patient whose setting is on', async () => {
    const { fake, send, state, useCase } = setup({ email: 'pat@example.com', request_completion: true });
    await fake.kit.transaction((tx) => useCase.execute(tx, indexed));
    expect(state.request.status).toBe('Completed');
    expect(state.timeline.at(-1)).toEqual({ event: 'COMPLETED', at: indexed.at });
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-status-changed',
        payload: expect.objectContaining({ status: 'Completed' }),
      },
    ]);
    expect(fake.audit.map((a) => a.action)).toEqual(['requests.completed', 'requests.status-changed']);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'pat@example.com',
        subject: 'Your records request is completed',
        text: expect.stringContaining('St. Mary Imaging Center'),
      }),
    );
  });

  it('sends no mail when the setting is off or not known yet', async () => {
    for (const recipient of [{ email: 'pat@example.com', request_completion: false }, null]) {
      const { fake, send, state, useCase } = setup(recipient);
      await fake.kit.transaction((tx) => useCase.execute(tx, indexed));
      expect(state.request.status).toBe('Completed');
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('completes the request even when the mail server is down', async () => {
    const { fake, state, useCase } = setup(
      { email: 'pat@example.com', request_completion: true },
      jest.fn().mockRejectedValue(new Error('ECONNREFUSED')),
    );
    await fake.kit.transaction((tx) => useCase.execute(tx, indexed));
    expect(state.request.status).toBe('Completed');
  });
});
