import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MESSAGES } from '@portal/contracts';
import { InvitationTokens } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { LibraryRepository } from '../../library/library.repository';
import type { SharedPersonRepository, SharedPersonRow } from '../../people/shared-person.repository';
import { GetInvitation } from './get-invitation';

describe('GetInvitation', () => {
  const tokens = new InvitationTokens({
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'invitation-')),
    viewerTokenSecret: 'test',
  });
  const row = {
    id: 'r1',
    owner_user_id: 'u1',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Lee',
  } as SharedPersonRow;
  const setup = (found: SharedPersonRow | null) =>
    new GetInvitation(
      fakeUseCaseKit().kit,
      tokens,
      stub<SharedPersonRepository>({ find: jest.fn(async () => found) }, 'recipients'),
      stub<LibraryRepository>(
        {
          accountHolder: jest.fn(async () => ({
            user_id: 'u1',
            first_name: 'Pat',
            last_name: 'Jordan',
            email: 'pat@example.com',
          })),
          accountByEmail: jest.fn(async () => null),
        },
        'library',
      ),
    );

  it('says who shared, with whom, and that the address has no account yet', async () => {
    const token = await tokens.sign({ recipientId: 'r1', ownerUserId: 'u1', email: 'ana@example.com' }, 60);
    await expect(setup(row).execute(token)).resolves.toEqual({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lee',
      sharedBy: 'Pat Jordan',
      hasAccount: false,
    });
  });

  it('refuses a forged or expired link and one whose person was removed, with the same message', async () => {
    const expired = await tokens.sign(
      { recipientId: 'r1', ownerUserId: 'u1', email: 'ana@example.com' },
      -10,
    );
    await expect(setup(row).execute('forged')).rejects.toMatchObject({
      message: MESSAGES.invitationUnavailable,
    });
    await expect(setup(row).execute(expired)).rejects.toMatchObject({
      message: MESSAGES.invitationUnavailable,
    });
    const live = await tokens.sign({ recipientId: 'r1', ownerUserId: 'u1', email: 'ana@example.com' }, 60);
    await expect(setup(null).execute(live)).rejects.toMatchObject({
      message: MESSAGES.invitationUnavailable,
    });
  });
});
