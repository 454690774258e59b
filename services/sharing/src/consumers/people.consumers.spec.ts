import type { EventEnvelope, EventPayloads, EventType } from '@portal/contracts';
import type { ContextKit, Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../library/library.repository';
import type { AccessSnapshots } from '../people/access-snapshots';
import type { NotificationSettingsRepository } from '../people/notification-settings.repository';
import type { RecipientRepository, RecipientRow } from '../people/recipient.repository';
import type { ShareMails } from '../people/share-mails';
import { PeopleConsumers } from './people.consumers';

const tx = stub<Tx>({}, 'tx');
/** An event as the bus hands it over, its payload as it was written (older events lack newer fields). */
type Delivered = Omit<EventEnvelope, 'payload'> & { payload: object };
const AT = '2026-02-01T09:30:00.000Z';

describe('PeopleConsumers: shares reach an account only through a proved address', () => {
  const setup = (opts: { stillTheirs?: boolean; invited?: Array<Partial<RecipientRow>> } = {}) => {
    const handlers = new Map<string, (event: Delivered, tx: Tx) => Promise<void>>();
    const events = stub<ContextKit['events']>({ consume: async (_name, types, handler) => void handlers.set(types[0], handler as (event: Delivered, tx: Tx) => Promise<void>) }, 'events');
    const library = { markProved: jest.fn(async () => opts.stillTheirs ?? true), updateAccountEmail: jest.fn() };
    const invited = (opts.invited ?? [{ id: 'r1', owner_user_id: 'owner', recipient_user_id: null }]) as RecipientRow[];
    const recipients = { lockAllByEmail: jest.fn(async () => invited), linkAccount: jest.fn() };
    const publish = jest.fn();
    const settings = { updateEmail: jest.fn() };
    const consumers = new PeopleConsumers(
      stub<ContextKit>({ events }, 'kit'),
      stub<LibraryRepository>(library, 'library'),
      stub<RecipientRepository>(recipients, 'recipients'),
      stub<AccessSnapshots>({ publish }, 'snapshots'),
      stub<NotificationSettingsRepository>(settings, 'settings'),
      stub<ShareMails>({}, 'mails'),
    );
    /** One event as the bus hands it over; `legacy` leaves out fields added since it was written. */
    const deliver = async <T extends EventType>(type: T, payload: EventPayloads[T], legacy: Array<keyof EventPayloads[T]> = []) => {
      const sent: Partial<EventPayloads[T]> = { ...payload };
      for (const field of legacy) delete sent[field];
      await handlers.get(type)!({ id: 'e1', type, source: 'auth', occurredAt: AT, payload: sent }, tx);
    };
    return { consumers, deliver, library, recipients, publish, settings };
  };

  it('a sign-up that has not proved its address links nothing, whoever invited that address', async () => {
    const { consumers, deliver, library, recipients, publish } = setup();
    await consumers.onModuleInit();
    await deliver('auth.user-registered', { userId: 'squatter', email: 'x@example.com', firstName: '', lastName: '', roles: ['PATIENT'], emailVerified: false });
    // Events written before the flag existed have none: not proved either.
    await deliver('auth.user-registered', { userId: 'old', email: 'y@example.com', firstName: '', lastName: '', roles: ['PATIENT'], emailVerified: true }, ['emailVerified']);
    expect(library.markProved).not.toHaveBeenCalled();
    expect(recipients.linkAccount).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });

  it('a proof links every person invited at the address (but the account’s own shares) and announces each one’s access', async () => {
    const { consumers, deliver, library, recipients, publish } = setup({
      invited: [
        { id: 'r1', owner_user_id: 'owner', recipient_user_id: null },
        { id: 'r2', owner_user_id: 'other-owner', recipient_user_id: 'someone-before' },
        { id: 'r3', owner_user_id: 'owner-2', recipient_user_id: 'u1' },
        { id: 'r4', owner_user_id: 'u1', recipient_user_id: null },
      ],
    });
    await consumers.onModuleInit();
    await deliver('auth.email-verified', { userId: 'u1', email: 'x@example.com', at: AT });
    expect(library.markProved).toHaveBeenCalledWith(tx, 'u1', 'x@example.com', AT);
    expect(recipients.lockAllByEmail).toHaveBeenCalledWith(tx, 'x@example.com');
    expect(recipients.linkAccount).toHaveBeenCalledWith(tx, ['r1', 'r2'], 'u1');
    expect(publish.mock.calls.map(([, r]) => r.id)).toEqual(['r1', 'r2']);
  });

  it('a proof of an address the account has left since links nothing', async () => {
    const { consumers, deliver, recipients } = setup({ stillTheirs: false });
    await consumers.onModuleInit();
    await deliver('auth.email-verified', { userId: 'u1', email: 'left@example.com', at: AT });
    expect(recipients.lockAllByEmail).not.toHaveBeenCalled();
  });

  it('a sign-up from an invitation link is proved at once: linked', async () => {
    const { consumers, deliver, library, recipients } = setup();
    await consumers.onModuleInit();
    await deliver('auth.user-registered', { userId: 'u1', email: 'x@example.com', firstName: '', lastName: '', roles: ['EXTERNAL_VIEWER'], emailVerified: true });
    expect(library.markProved).toHaveBeenCalledWith(tx, 'u1', 'x@example.com', AT);
    expect(recipients.linkAccount).toHaveBeenCalledWith(tx, ['r1'], 'u1');
  });

  it('a confirmed email change proves the new address: the holder moves, mails follow, invitations there are linked', async () => {
    const { consumers, deliver, library, settings, recipients } = setup();
    await consumers.onModuleInit();
    await deliver('auth.email-changed', { userId: 'u1', personId: 'p1', oldEmail: 'old@example.com', newEmail: 'new@example.com' });
    expect(library.updateAccountEmail).toHaveBeenCalledWith(tx, 'u1', 'new@example.com', AT);
    expect(settings.updateEmail).toHaveBeenCalledWith(tx, 'u1', 'new@example.com');
    expect(recipients.lockAllByEmail).toHaveBeenCalledWith(tx, 'new@example.com');
    expect(recipients.linkAccount).toHaveBeenCalledWith(tx, ['r1'], 'u1');
  });
});
