import { RecordsPeopleVersions1767100000000 } from './migrations/1767100000000-people-versions';
import { defineContext } from '@portal/server-kit';
import { RecordsInit1763800000000 } from './migrations/1763800000000-records-init';
import { LibraryRepository } from './library/library.repository';
import { GetStudyData } from './library/get-study-data/get-study-data';
import { GetStudyDataController } from './library/get-study-data/get-study-data.http.controller';
import { RecordPatientRequest } from './library/record-patient-request/record-patient-request';
import { RecordStoredStudy } from './library/record-stored-study/record-stored-study';
import { LibraryConsumers } from './consumers/library.consumers';
import { RecordsDocuments1766100000000 } from './migrations/1766100000000-records-documents';
import { FamilyMemberRepository } from './family/family-member.repository';
import { FamilyMemberConsumers } from './consumers/family-member.consumers';
import { RecordsLibrary1766300000000 } from './migrations/1766300000000-records-library';
import { RecordRequestStatus } from './library/record-request-status/record-request-status';
import { RecordDeliveredDocuments } from './library/record-delivered-documents/record-delivered-documents';
import { GetDocumentContent } from './library/get-document-content/get-document-content';
import { GetDocumentContentController } from './library/get-document-content/get-document-content.http.controller';
import { GridRepository } from './library/grid.repository';
import { GridChunkCache } from './library/grid-chunk.cache';
import { StarRepository } from './library/star.repository';
import { PersonScope } from './library/person-scope';
import { SharedAccess } from './library/shared-access';
import { SharedAccessConsumers } from './consumers/shared-access.consumers';
import { RecordsSharedAccess1766520000000 } from './migrations/1766520000000-shared-access';
import { LoadGrid } from './library/load-grid/load-grid';
import { LoadGridController } from './library/load-grid/load-grid.http.controller';
import { CheckGrid } from './library/check-grid/check-grid';
import { CheckGridController } from './library/check-grid/check-grid.http.controller';
import { FetchGridChunk } from './library/fetch-grid-chunk/fetch-grid-chunk';
import { FetchGridChunkController } from './library/fetch-grid-chunk/fetch-grid-chunk.http.controller';
import { GetRecordsInit } from './library/get-records-init/get-records-init';
import { GetRecordsInitController } from './library/get-records-init/get-records-init.http.controller';
import { StarResponse } from './library/star-response/star-response';
import { StarResponseController } from './library/star-response/star-response.http.controller';
import { SharedStarResponse } from './library/shared-star-response/shared-star-response';
import { SharedStarResponseController } from './library/shared-star-response/shared-star-response.http.controller';
import { GetPatientRequest } from './library/get-patient-request/get-patient-request';
import { PatientRequestController } from './library/get-patient-request/patient-request.http.controller';
import { GetDocumentCounts } from './library/get-document-counts/get-document-counts';
import { GetRequestDocument } from './library/get-request-document/get-request-document';

import { SelfUploadRepository } from './uploads/upload.repository';
import { GetSelfUploadForm } from './uploads/get-upload-form/get-upload-form';
import { GetSelfUploadFormController } from './uploads/get-upload-form/get-upload-form.http.controller';
import { ManualUpload } from './uploads/manual-upload/manual-upload';
import { ManualUploadController } from './uploads/manual-upload/manual-upload.http.controller';
import { AttachmentRepository } from './attachments/attachment.repository';
import { DownloadIdentifiers } from './attachments/download-identifiers';
import { GetAttachments } from './attachments/get-attachments/get-attachments';
import { GetAttachmentsController } from './attachments/get-attachments/get-attachments.http.controller';
import { GetAttachmentContent } from './attachments/get-attachment-content/get-attachment-content';
import { GetAttachmentContentController } from './attachments/get-attachment-content/get-attachment-content.http.controller';
import { GeneratePdf } from './attachments/generate-pdf/generate-pdf';
import { GeneratePdfController } from './attachments/generate-pdf/generate-pdf.http.controller';
import { Download } from './attachments/download/download';
import { DownloadController } from './attachments/download/download.http.controller';
import { EnhancedReportRepository } from './enhanced-report/enhanced-report.repository';
import { RequestEnhancedReport } from './enhanced-report/request-enhanced-report/request-enhanced-report';
import { RequestEnhancedReportController } from './enhanced-report/request-enhanced-report/request-enhanced-report.http.controller';
import { GetEnhancedReport } from './enhanced-report/get-enhanced-report/get-enhanced-report';
import { GetEnhancedReportController } from './enhanced-report/get-enhanced-report/get-enhanced-report.http.controller';
import { RecordsDemoSeed } from './demo/seed-demo';
import { RecordsDemoRepository } from './demo/demo.repository';
import { RecordsWholeBodyScans1767400000000 } from './migrations/1767400000000-whole-body-scans';
import { RecordsWholeBodyScanProjections1767400000001 } from './migrations/1767400000001-whole-body-scan-projections';
import { RecordsVideoMeetingAdmission1767400000002 } from './migrations/1767400000002-video-meeting-admission';
import { VIDEO_MEETING_CONTROLLERS, VIDEO_MEETING_PROVIDERS } from './video-meetings/video-meetings.parts';
import { RecordsSmartFhir1767500000000 } from './migrations/1767500000000-smart-fhir';
import { SMART_FHIR_CONTROLLERS, SMART_FHIR_PROVIDERS } from './smart-fhir/smart-fhir.parts';
import { RecordsFhirApi1767600000000 } from './migrations/1767600000000-fhir-api';
import { FHIR_CONTROLLERS, FHIR_PROVIDERS } from './fhir/fhir.parts';
import {
  WHOLE_BODY_SCAN_CONTROLLERS,
  WHOLE_BODY_SCAN_PROVIDERS,
} from './whole-body-scans/whole-body-scans.parts';

/** The records context: the patient's library of requests and studies. */
export const RecordsContext = defineContext({
  name: 'records',
  actingForMembers: true,
  storesUploads: true,
  entities: [],
  migrations: [
    RecordsInit1763800000000,
    RecordsDocuments1766100000000,
    RecordsLibrary1766300000000,
    RecordsSharedAccess1766520000000,
    RecordsPeopleVersions1767100000000,
    RecordsWholeBodyScans1767400000000,
    RecordsWholeBodyScanProjections1767400000001,
    RecordsVideoMeetingAdmission1767400000002,
    RecordsSmartFhir1767500000000,
    RecordsFhirApi1767600000000,
  ],
  controllers: [
    GetStudyDataController,
    GetDocumentContentController,
    // the grid protocol, init, stars and the patient request calls (issue 11)
    LoadGridController,
    CheckGridController,
    FetchGridChunkController,
    GetRecordsInitController,
    StarResponseController,
    SharedStarResponseController,
    PatientRequestController,
    // self uploads, attachments and downloads, enhanced reports (issue 11)
    GetSelfUploadFormController,
    ManualUploadController,
    GetAttachmentsController,
    GetAttachmentContentController,
    GeneratePdfController,
    DownloadController,
    RequestEnhancedReportController,
    GetEnhancedReportController,
    ...VIDEO_MEETING_CONTROLLERS,
    ...WHOLE_BODY_SCAN_CONTROLLERS,
    ...SMART_FHIR_CONTROLLERS,
    ...FHIR_CONTROLLERS,
  ],
  providers: [
    LibraryRepository,
    GetStudyData,
    RecordPatientRequest,
    RecordStoredStudy,
    RecordRequestStatus,
    RecordDeliveredDocuments,
    GetDocumentContent,
    LibraryConsumers,
    FamilyMemberRepository,
    FamilyMemberConsumers,
    GridRepository,
    GridChunkCache,
    StarRepository,
    PersonScope,
    SharedAccess,
    SharedAccessConsumers,
    LoadGrid,
    CheckGrid,
    FetchGridChunk,
    GetRecordsInit,
    StarResponse,
    SharedStarResponse,
    GetPatientRequest,
    GetDocumentCounts,
    GetRequestDocument,
    SelfUploadRepository,
    GetSelfUploadForm,
    ManualUpload,
    AttachmentRepository,
    DownloadIdentifiers,
    GetAttachments,
    GetAttachmentContent,
    GeneratePdf,
    Download,
    EnhancedReportRepository,
    RequestEnhancedReport,
    GetEnhancedReport,
    RecordsDemoRepository,
    RecordsDemoSeed,
    ...VIDEO_MEETING_PROVIDERS,
    ...WHOLE_BODY_SCAN_PROVIDERS,
    ...SMART_FHIR_PROVIDERS,
    ...FHIR_PROVIDERS,
  ],
});
