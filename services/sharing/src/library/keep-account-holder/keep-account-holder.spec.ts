import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { LinkInvitedPeople } from '../../people/link-invited-people/link-invited-people';
import type { NotificationSettingsRepository } from '../../people/notification-settings.repository';
import type { LibraryRepository } from '../library.repository';
import { KeepAccountHolder } from './keep-account-holder';

const AT = '2026-02-01T09:30:00.000Z';

const tx = stub<Tx>({}, 'tx');

describe('KeepAccountHolder', () => {
  const setup = () => {
    const library = {
      upsertAccountHolder: jest.fn(),
      nameAccountHolder: jest.fn(),
      updateAccountEmail: jest.fn(),
      removeAccountHolder: jest.fn(),
    };
    const settings = { updateEmail: jest.fn(), remove: jest.fn(), upsert: jest.fn() };
    const invited = { addressProved: jest.fn(), link: jest.fn() };
    const useCase = new KeepAccountHolder(
      stub<LibraryRepository>(library, 'library'),
      stub<NotificationSettingsRepository>(settings, 'settings'),
      stub<LinkInvitedPeople>(invited, 'invited'),
    );
    return { useCase, library, settings, invited };
  };
  const registered = (
    over: Partial<EventPayloads['auth.user-registered']> = {},
  ): EventPayloads['auth.user-registered'] => ({
    userId: 'u1',
    email: 'x@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    roles: ['PATIENT'],
    emailVerified: false,
    ...over,
  });

  it('a sign-up that has not proved its address is kept and links nothing; one written before the flag existed neither', async () => {
    const { useCase, library, invited } = setup();
    await useCase.registered(tx, registered(), AT);
    const legacy: Partial<EventPayloads['auth.user-registered']> = registered();
    delete legacy.emailVerified;
    await useCase.registered(tx, legacy as EventPayloads['auth.user-registered'], AT);
    expect(library.upsertAccountHolder).toHaveBeenCalledTimes(2);
    expect(invited.addressProved).not.toHaveBeenCalled();
  });

  it('a sign-up from an invitation link is proved at once', async () => {
    const { useCase, invited } = setup();
    await useCase.registered(tx, registered({ emailVerified: true, roles: ['EXTERNAL_VIEWER'] }), AT);
    expect(invited.addressProved).toHaveBeenCalledWith(tx, { userId: 'u1', email: 'x@example.com', at: AT });
  });

  it('a confirmed email change proves the new address: the holder moves, mails follow, invitations there are linked', async () => {
    const { useCase, library, settings, invited } = setup();
    await useCase.emailChanged(
      tx,
      { userId: 'u1', personId: 'p1', oldEmail: 'old@example.com', newEmail: 'new@example.com' },
      AT,
    );
    expect(library.updateAccountEmail).toHaveBeenCalledWith(tx, 'u1', 'new@example.com', AT);
    expect(settings.updateEmail).toHaveBeenCalledWith(tx, 'u1', 'new@example.com');
    expect(invited.link).toHaveBeenCalledWith(tx, 'u1', 'new@example.com');
  });

  it('a removed account leaves neither holder nor notification choices behind', async () => {
    const { useCase, library, settings } = setup();
    await useCase.removed(tx, { userId: 'u1' } as EventPayloads['auth.account-removed']);
    expect(library.removeAccountHolder).toHaveBeenCalledWith(tx, 'u1');
    expect(settings.remove).toHaveBeenCalledWith(tx, 'u1');
  });
});
