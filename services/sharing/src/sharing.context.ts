import { defineContext } from '@portal/server-kit';
import { SharingInit1763800000000 } from './migrations/1763800000000-sharing-init';
import { ViewerLinks1766420000000 } from './migrations/1766420000000-viewer-links';
import { SharingPeople1766500000000 } from './migrations/1766500000000-sharing-people';
import { RecipientRepository } from './recipients/recipient.repository';
import { ListSharedUsers } from './recipients/list-shared-users/list-shared-users';
import { ListSharedUsersController } from './recipients/list-shared-users/list-shared-users.http.controller';
import { LibraryRepository } from './library/library.repository';
import { LibraryConsumers } from './consumers/library.consumers';
import { ViewerLinkRepository } from './viewer-links/viewer-link.repository';
import { LinkTokens } from './viewer-links/link-tokens';
import { ViewerPasswordRateLimit } from './viewer-links/viewer-password-rate-limit';
import { CreateViewerLink } from './viewer-links/create-viewer-link/create-viewer-link';
import { RevokeViewerLink } from './viewer-links/revoke-viewer-link/revoke-viewer-link';
import { GetViewerConfig } from './viewer-links/get-viewer-config/get-viewer-config';
import { GetViewerConfigController } from './viewer-links/get-viewer-config/get-viewer-config.http.controller';
import { ValidateViewerPassword } from './viewer-links/validate-viewer-password/validate-viewer-password';
import { ValidateViewerPasswordController } from './viewer-links/validate-viewer-password/validate-viewer-password.http.controller';
import { DownloadViewerStudies } from './viewer-links/download-viewer-studies/download-viewer-studies';
import { DownloadViewerStudiesController } from './viewer-links/download-viewer-studies/download-viewer-studies.http.controller';
import { SharingDemoSeed } from './demo/seed-demo';

/** The sharing context: invitations, recipients, access grants, share links, public viewer links. */
export const SharingContext = defineContext({
  name: 'sharing',
  entities: [],
  migrations: [SharingInit1763800000000, ViewerLinks1766420000000, SharingPeople1766500000000],
  controllers: [ListSharedUsersController, GetViewerConfigController, ValidateViewerPasswordController, DownloadViewerStudiesController],
  providers: [
    RecipientRepository,
    ListSharedUsers,
    LibraryRepository,
    LibraryConsumers,
    ViewerLinkRepository,
    LinkTokens,
    ViewerPasswordRateLimit,
    CreateViewerLink,
    RevokeViewerLink,
    GetViewerConfig,
    ValidateViewerPassword,
    DownloadViewerStudies,
    SharingDemoSeed,
  ],
});
