import { RequestsPeopleVersions1767300000000 } from './migrations/1767300000000-people-versions';
import { RequestFoundStudy } from './patient-requests/request-found-study/request-found-study';
import { RecordStudyMoveFailed } from './fulfilment/record-study-move-failed/record-study-move-failed';
import { CoordinatorWorklist } from './patient-requests/coordinator-worklist/coordinator-worklist';
import { CoordinatorWorklistController } from './patient-requests/coordinator-worklist/coordinator-worklist.http.controller';
import { defineContext, GroupMembershipProjection } from '@portal/server-kit';
import { RequestsInit1763800000000 } from './migrations/1763800000000-requests-init';
import { RequestsWizard1764900000000 } from './migrations/1764900000000-requests-wizard';
import { CustodianRepository } from './custodians/custodian.repository';
import { SearchCustodians } from './custodians/search-custodians/search-custodians';
import { SearchCustodiansController } from './custodians/search-custodians/search-custodians.http.controller';
import { GetCustodian } from './custodians/get-custodian/get-custodian';
import { GetCustodianController } from './custodians/get-custodian/get-custodian.http.controller';
import { SaveCustodian } from './custodians/save-custodian/save-custodian';
import { GetFacilityLink } from './custodians/facility-link/facility-link';
import { FacilityLinkController } from './custodians/facility-link/facility-link.http.controller';
import { CheckEmbedOrigin } from './custodians/embed-origin/embed-origin';
import { EmbedOriginController } from './custodians/embed-origin/embed-origin.http.controller';
import { GetWizardSettings } from './custodians/wizard-init/wizard-init';
import { WizardSettingsController } from './custodians/wizard-init/wizard-init.http.controller';
import { GetRecentCustodians } from './custodians/recent-custodians/recent-custodians';
import { RecentCustodiansController } from './custodians/recent-custodians/recent-custodians.http.controller';
import { LinkCustodian } from './custodians/link-custodian/link-custodian';
import { LinkCustodianController } from './custodians/link-custodian/link-custodian.http.controller';
import { FamilyMemberRepository } from './family-members/family-member.repository';
import { ListFamilyMembers } from './family-members/list-family-members/list-family-members';
import { WizardFamilyMembersController } from './family-members/list-family-members/list-family-members.http.controller';
import { FamilyMemberConsumers } from './consumers/family-member.consumers';
import { GetUploadForm } from './uploads/get-upload-form/get-upload-form';
import { UploadFormController } from './uploads/get-upload-form/get-upload-form.http.controller';
import { PatientRequestRepository } from './patient-requests/patient-request.repository';
import { SubmitPatientRequest } from './patient-requests/submit-patient-request/submit-patient-request';
import { RequestPatientRecord } from './patient-requests/request-patient-record/request-patient-record';
import { RequestPatientRecordController } from './patient-requests/request-patient-record/request-patient-record.http.controller';
import { SendProviderEmails } from './patient-requests/send-provider-emails/send-provider-emails';
import { SendProviderEmailsController } from './patient-requests/send-provider-emails/send-provider-emails.http.controller';
import { GetPatientRequest } from './patient-requests/get-patient-request/get-patient-request';
import { GetPatientRequestController } from './patient-requests/get-patient-request/get-patient-request.http.controller';
import { ListPatientRequests } from './patient-requests/list-patient-requests/list-patient-requests';
import { ListPatientRequestsController } from './patient-requests/list-patient-requests/list-patient-requests.http.controller';
import { RequestsDemoSeed } from './demo/seed-demo';
import { RequestsFulfilment1766100000000 } from './migrations/1766100000000-requests-fulfilment';
import { RequestStatusChanges } from './fulfilment/request-status';
import { RecordRequestSeen } from './fulfilment/record-request-seen/record-request-seen';
import { RecordFilesUploaded } from './fulfilment/record-files-uploaded/record-files-uploaded';
import { RecordRejection } from './fulfilment/record-rejection/record-rejection';
import { RecordRejectionCancelled } from './fulfilment/record-rejection-cancelled/record-rejection-cancelled';
import { RecordRecordsSubmitted } from './fulfilment/record-records-submitted/record-records-submitted';
import { CompleteRequest } from './fulfilment/complete-request/complete-request';
import { NotificationRecipientRepository } from './notification-recipients/notification-recipient.repository';
import { ApplyNotificationSettings } from './notification-recipients/apply-notification-settings/apply-notification-settings';
import { FulfilmentConsumers } from './consumers/fulfilment.consumers';
import { RequestsUnlistedFacilities1767200000000 } from './migrations/1767200000000-requests-unlisted-facilities';
import { AddUnlistedFacility } from './custodians/add-unlisted-facility/add-unlisted-facility';
import { AddUnlistedFacilityController } from './custodians/add-unlisted-facility/add-unlisted-facility.http.controller';
import { RequestsRequestFees1767800000000 } from './migrations/1767800000000-request-fees';
import { RecordFeeChange } from './patient-requests/record-fee-change/record-fee-change';
import { FeeConsumers } from './consumers/fee.consumers';

/** The requests context: facilities (custodians), the request wizard's data and uploads, patient requests. */
export const RequestsContext = defineContext({
  name: 'requests',
  actingForMembers: true,
  entities: [],
  migrations: [
    RequestsInit1763800000000,
    RequestsWizard1764900000000,
    RequestsFulfilment1766100000000,
    RequestsUnlistedFacilities1767200000000,
    RequestsPeopleVersions1767300000000,
    RequestsRequestFees1767800000000,
  ],
  controllers: [
    CoordinatorWorklistController,
    SearchCustodiansController,
    GetCustodianController,
    FacilityLinkController,
    EmbedOriginController,
    WizardSettingsController,
    RecentCustodiansController,
    LinkCustodianController,
    WizardFamilyMembersController,
    UploadFormController,
    RequestPatientRecordController,
    SendProviderEmailsController,
    GetPatientRequestController,
    ListPatientRequestsController,
    AddUnlistedFacilityController,
  ],
  providers: [
    CoordinatorWorklist,
    { provide: GroupMembershipProjection, useValue: new GroupMembershipProjection('requests') },
    CustodianRepository,
    PatientRequestRepository,
    FamilyMemberRepository,
    SearchCustodians,
    GetCustodian,
    SaveCustodian,
    GetFacilityLink,
    CheckEmbedOrigin,
    GetWizardSettings,
    GetRecentCustodians,
    LinkCustodian,
    ListFamilyMembers,
    FamilyMemberConsumers,
    GetUploadForm,
    SubmitPatientRequest,
    RequestPatientRecord,
    SendProviderEmails,
    GetPatientRequest,
    ListPatientRequests,
    RequestsDemoSeed,
    NotificationRecipientRepository,
    ApplyNotificationSettings,
    RequestStatusChanges,
    RecordRequestSeen,
    RecordFilesUploaded,
    RecordRejection,
    RecordRejectionCancelled,
    RecordRecordsSubmitted,
    CompleteRequest,
    RequestFoundStudy,
    RecordStudyMoveFailed,
    FulfilmentConsumers,
    AddUnlistedFacility,
    RecordFeeChange,
    FeeConsumers,
  ],
});
