import { SharingOneAccessPolicy1767100000000 } from './migrations/1767100000000-one-access-policy';
import { SharingHealthLinks1767600000000 } from './migrations/1767600000000-health-links';
import { HealthLinkRepository } from './health-links/health-link.repository';
import { HealthLinkIssuer } from './health-links/health-link-issuer';
import { CreateHealthLink } from './health-links/create-health-link/create-health-link';
import { CreateHealthLinkController } from './health-links/create-health-link/create-health-link.http.controller';
import { OpenHealthLink } from './health-links/open-health-link/open-health-link';
import { OpenHealthLinkController } from './health-links/open-health-link/open-health-link.http.controller';
import { defineContext } from '@portal/server-kit';
import { SharingInit1763800000000 } from './migrations/1763800000000-sharing-init';
import { ViewerLinks1766420000000 } from './migrations/1766420000000-viewer-links';
import { SharingPeople1766500000000 } from './migrations/1766500000000-sharing-people';
import { SharingProvedAddresses1767000000000 } from './migrations/1767000000000-sharing-proved-addresses';
import { SharedPersonRepository } from './people/shared-person.repository';
import { AccessSnapshots } from './people/access-snapshots';
import { SharingAccess } from './people/sharing-access';
import { NotificationSettingsRepository } from './people/notification-settings.repository';
import { ShareMails } from './people/share-mails';
import { ShareWithPerson } from './people/share-with-person';
import { ListSharedPeople } from './people/list-shared-people/list-shared-people';
import { ListSharedPeopleController } from './people/list-shared-people/list-shared-people.http.controller';
import { ListShareableRecords } from './people/list-shareable-records/list-shareable-records';
import { ListShareableRecordsController } from './people/list-shareable-records/list-shareable-records.http.controller';
import { ListRecordPeople } from './people/list-record-people/list-record-people';
import { ListRecordPeopleController } from './people/list-record-people/list-record-people.http.controller';
import { ListRecordRecipientsController } from './people/list-record-recipients/list-record-recipients.http.controller';
import { RevokeViewerLinkController } from './viewer-links/revoke-viewer-link/revoke-viewer-link.http.controller';
import { ShareRecords } from './people/share-records/share-records';
import { ShareRecordsController } from './people/share-records/share-records.http.controller';
import { SendIsoFile } from './people/send-iso-file/send-iso-file';
import { SendIsoFileController } from './people/send-iso-file/send-iso-file.http.controller';
import { DisableShare } from './people/disable-share/disable-share';
import { DisableShareController } from './people/disable-share/disable-share.http.controller';
import { RemoveAccess } from './people/remove-access/remove-access';
import { RemoveAccessController } from './people/remove-access/remove-access.http.controller';
import { GetSharedPerson } from './people/get-shared-person/get-shared-person';
import { LeaveShare } from './people/leave-share/leave-share';
import { LeaveShareController } from './people/leave-share/leave-share.http.controller';
import { GetSharedPersonController } from './people/get-shared-person/get-shared-person.http.controller';
import { GetInvitation } from './invitations/get-invitation/get-invitation';
import { GetInvitationController } from './invitations/get-invitation/get-invitation.http.controller';
import { MailedDownloads } from './downloads/mailed-downloads';
import { DownloadIdentifierUseCase } from './downloads/download-identifier/download-identifier';
import { DownloadIdentifierController } from './downloads/download-identifier/download-identifier.http.controller';
import { PeopleConsumers } from './consumers/people.consumers';
import { KeepAccountHolder } from './library/keep-account-holder/keep-account-holder';
import { LinkInvitedPeople } from './people/link-invited-people/link-invited-people';
import { RecordSharedUse } from './people/record-shared-use/record-shared-use';
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
import { PrintAccessPage } from './viewer-links/print-access-page/print-access-page';
import { PrintAccessPageController } from './viewer-links/print-access-page/print-access-page.http.controller';
import { ListViewerLinks } from './viewer-links/list-viewer-links/list-viewer-links';
import { ListViewerLinksController } from './viewer-links/list-viewer-links/list-viewer-links.http.controller';
import { ShareWithFacility } from './facility/share-with-facility/share-with-facility';
import { FacilityShareRepository } from './facility/facility-share.repository';
import { ShareWithFacilityController } from './facility/share-with-facility/share-with-facility.http.controller';

/** The sharing context: invitations, shared people, access grants, share links, public viewer links. */
export const SharingContext = defineContext({
  name: 'sharing',
  actingForMembers: true,
  entities: [],
  migrations: [
    SharingInit1763800000000,
    ViewerLinks1766420000000,
    SharingPeople1766500000000,
    SharingProvedAddresses1767000000000,
    SharingOneAccessPolicy1767100000000,
    SharingHealthLinks1767600000000,
  ],
  controllers: [
    ListSharedPeopleController,
    ListShareableRecordsController,
    ListRecordPeopleController,
    ListRecordRecipientsController,
    ShareRecordsController,
    SendIsoFileController,
    DisableShareController,
    RemoveAccessController,
    GetSharedPersonController,
    LeaveShareController,
    GetInvitationController,
    DownloadIdentifierController,
    PrintAccessPageController,
    ListViewerLinksController,
    RevokeViewerLinkController,
    ShareWithFacilityController,
    GetViewerConfigController,
    ValidateViewerPasswordController,
    DownloadViewerStudiesController,
    CreateHealthLinkController,
    OpenHealthLinkController,
  ],
  providers: [
    SharedPersonRepository,
    SharingAccess,
    AccessSnapshots,
    NotificationSettingsRepository,
    ShareMails,
    KeepAccountHolder,
    LinkInvitedPeople,
    RecordSharedUse,
    ShareWithPerson,
    ListSharedPeople,
    ListShareableRecords,
    ListRecordPeople,
    ShareRecords,
    SendIsoFile,
    DisableShare,
    RemoveAccess,
    GetSharedPerson,
    LeaveShare,
    GetInvitation,
    MailedDownloads,
    DownloadIdentifierUseCase,
    PrintAccessPage,
    ListViewerLinks,
    ShareWithFacility,
    FacilityShareRepository,
    PeopleConsumers,
    LibraryRepository,
    LibraryConsumers,
    ViewerLinkRepository,
    LinkTokens,
    ViewerPasswordRateLimit,
    CreateViewerLink,
    RevokeViewerLink,
    GetViewerConfig,
    ValidateViewerPassword,
    HealthLinkRepository,
    HealthLinkIssuer,
    CreateHealthLink,
    OpenHealthLink,
    DownloadViewerStudies,
    SharingDemoSeed,
  ],
});
