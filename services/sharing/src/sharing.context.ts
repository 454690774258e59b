import { defineContext } from '@portal/server-kit';
import { SharingInit1763800000000 } from './migrations/1763800000000-sharing-init';
import { RecipientRepository } from './recipients/recipient.repository';
import { ListSharedUsers } from './recipients/list-shared-users/list-shared-users';
import { ListSharedUsersController } from './recipients/list-shared-users/list-shared-users.http.controller';

/** The sharing context: invitations, recipients, access grants, share links. */
export const SharingContext = defineContext({
  name: 'sharing',
  entities: [],
  migrations: [SharingInit1763800000000],
  controllers: [ListSharedUsersController],
  providers: [RecipientRepository, ListSharedUsers],
});
