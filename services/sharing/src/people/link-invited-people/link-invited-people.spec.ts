import type { Tx } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { AccessSnapshots } from '../access-snapshots';
import type { SharedPersonRepository, SharedPersonRow } from '../shared-person.repository';
import { LinkInvitedPeople } from './link-invited-people';

const tx = stub<Tx>({}, 'tx');
const AT = '2026-02-01T09:30:00.000Z';

/** The use case over stubbed repositories: `stillTheirs` whether the proved address is still the account's. */
const linkInvitedSetup = (
  opts: { stillTheirs?: boolean; invited?: Array<Partial<SharedPersonRow>> } = {},
) => {
  const library = { markProved: jest.fn(async () => opts.stillTheirs ?? true) };
  const invited = (opts.invited ?? [
    { id: 'r1', owner_user_id: 'owner', recipient_user_id: null },
  ]) as SharedPersonRow[];
  const recipients = { lockAllByEmail: jest.fn(async () => invited), linkAccount: jest.fn() };
  const publish = jest.fn();
  const useCase = new LinkInvitedPeople(
    stub<LibraryRepository>(library, 'library'),
    stub<SharedPersonRepository>(recipients, 'recipients'),
    stub<AccessSnapshots>({ publish }, 'snapshots'),
  );
  return { useCase, library, recipients, publish };
};

describe('LinkInvitedPeople: shares reach an account only through a proved address', () => {
  it('a proof links every person invited at the address (but the account’s own shares) and announces each one’s access', async () => {
    const { useCase, library, recipients, publish } = linkInvitedSetup({
      invited: [
        { id: 'r1', owner_user_id: 'owner', recipient_user_id: null },
        { id: 'r2', owner_user_id: 'other-owner', recipient_user_id: 'someone-before' },
        { id: 'r3', owner_user_id: 'owner-2', recipient_user_id: 'u1' },
        { id: 'r4', owner_user_id: 'u1', recipient_user_id: null },
      ],
    });
    await useCase.addressProved(tx, { userId: 'u1', email: 'x@example.com', at: AT });
    expect(library.markProved).toHaveBeenCalledWith(tx, 'u1', 'x@example.com', AT);
    expect(recipients.lockAllByEmail).toHaveBeenCalledWith(tx, 'x@example.com');
    expect(recipients.linkAccount).toHaveBeenCalledWith(tx, ['r1', 'r2'], 'u1');
    expect(publish.mock.calls.map(([, r]) => r.id)).toEqual(['r1', 'r2']);
  });

  it('a proof of an address the account has left since links nothing', async () => {
    const { useCase, recipients } = linkInvitedSetup({ stillTheirs: false });
    await useCase.addressProved(tx, { userId: 'u1', email: 'left@example.com', at: AT });
    expect(recipients.lockAllByEmail).not.toHaveBeenCalled();
  });

  it('nobody invited at the address: nothing linked, nothing announced', async () => {
    const { useCase, recipients, publish } = linkInvitedSetup({ invited: [] });
    await useCase.link(tx, 'u1', 'nobody@example.com');
    expect(recipients.linkAccount).not.toHaveBeenCalled();
    expect(publish).not.toHaveBeenCalled();
  });
});
