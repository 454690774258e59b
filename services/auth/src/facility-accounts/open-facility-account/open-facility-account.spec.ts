import type { MailService, PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { UserRepository } from '../../accounts/user.repository';
import type { AccountLinkRepository } from '../../links/account-link.repository';
import { sha256 } from '../../sessions/random-token';
import { facilityAccountEmail, OpenFacilityAccount } from './open-facility-account';

describe('OpenFacilityAccount', () => {
  const event = {
    patientRequestId: 'r1',
    custodianId: 'c1',
    facilityName: 'Lakeside Imaging',
    facilityEmail: 'records@lakeside.example',
    accountUserId: '11111111-1111-4111-8111-111111111111',
    requestedAt: '2026-01-01T00:00:00.000Z',
  };
  const setup = (existing: unknown = null) => {
    const fake = fakeUseCaseKit();
    const users = { findById: jest.fn().mockResolvedValue(existing), insert: jest.fn() };
    const links = { retire: jest.fn(), insert: jest.fn() };
    const send = jest.fn().mockResolvedValue(undefined);
    const useCase = new OpenFacilityAccount(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<MailService>({ send }, 'mailer'),
      stub<UserRepository>(users, 'users'),
      stub<AccountLinkRepository>(links, 'links'),
    );
    return { fake, users, links, send, useCase };
  };

  it('opens an EXTERNAL_PROVIDER account with no password and no mailbox, and mails a single-use link for that one request to the typed address', async () => {
    const { fake, users, links, send, useCase } = setup();
    await fake.kit.transaction((tx) => useCase.execute(tx, event));
    expect(users.insert).toHaveBeenCalledWith(
      fake.tx,
      expect.objectContaining({
        id: event.accountUserId,
        email: facilityAccountEmail(event.accountUserId),
        passwordHash: null,
        roles: ['EXTERNAL_PROVIDER'],
        firstName: 'Lakeside Imaging',
      }),
    );
    expect(facilityAccountEmail(event.accountUserId)).toMatch(/\.invalid$/);
    const stored = links.insert.mock.calls[0][1];
    expect(stored).toMatchObject({
      userId: event.accountUserId,
      purpose: 'FACILITY_ACCESS',
      payload: { patientRequestId: 'r1' },
    });
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const mail = send.mock.calls[0][0];
    expect(mail.to).toBe('records@lakeside.example');
    const token = /\/loginAs\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    // Only the token's hash is stored: the mail holds the one usable copy.
    expect(stored.tokenHash).toBe(sha256(token));
    expect(mail.text).not.toContain(event.accountUserId);
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'auth.facility-account-opened', resourceId: event.accountUserId }),
    ]);
  });

  it('does nothing for an event delivered twice', async () => {
    const { fake, users, send, useCase } = setup({ id: event.accountUserId });
    await fake.kit.transaction((tx) => useCase.execute(tx, event));
    expect(users.insert).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
