import { defineContext } from '@portal/server-kit';
import { ProviderInit1763800000000 } from './migrations/1763800000000-provider-init';
import { ProviderInbox1765000000000 } from './migrations/1765000000000-provider-inbox';
import { ProviderInboxCounts1766200000000 } from './migrations/1766200000000-provider-inbox-counts';
import { ProviderOpenRequests1767300000000 } from './migrations/1767300000000-provider-open-requests';
import { ProviderAwaitingPayment1767800000000 } from './migrations/1767800000000-provider-awaiting-payment';
import { ProviderInboxDueOrder1768100000000 } from './migrations/1768100000000-provider-inbox-due-order';
import { ProviderInboxVersion1768200000000 } from './migrations/1768200000000-provider-inbox-version';
import { DataRequestRepository } from './data-requests/data-request.repository';
import { ListDataRequests } from './data-requests/list-data-requests/list-data-requests';
import { InboxPages } from './data-requests/list-data-requests/inbox-pages';
import { ListDataRequestsController } from './data-requests/list-data-requests/list-data-requests.http.controller';
import { ReceiveDataRequest } from './data-requests/receive-data-request/receive-data-request';
import { ApplyStatusChange } from './data-requests/apply-status-change/apply-status-change';
import { GetDataRequest } from './data-requests/get-data-request/get-data-request';
import { GetDataRequestController } from './data-requests/get-data-request/get-data-request.http.controller';
import { OtherDocuments } from './data-requests/other-documents/other-documents';
import { OtherDocumentsController } from './data-requests/other-documents/other-documents.http.controller';
import { MarkUploaded } from './data-requests/mark-uploaded/mark-uploaded';
import { MarkUploadedController } from './data-requests/mark-uploaded/mark-uploaded.http.controller';
import { DocumentRepository } from './documents/document.repository';
import { GetUploadForms } from './documents/get-upload-forms/get-upload-forms';
import { GetUploadFormsController } from './documents/get-upload-forms/get-upload-forms.http.controller';
import { AddDocuments } from './documents/add-documents/add-documents';
import { AddDocumentsController } from './documents/add-documents/add-documents.http.controller';
import { ListDocuments } from './documents/list-documents/list-documents';
import { DeleteDocument } from './documents/delete-document/delete-document';
import { GetDocumentContent } from './documents/get-document-content/get-document-content';
import { DocumentsController } from './documents/documents.http.controller';
import { RejectDocumentRequest } from './document-requests/reject-document-request/reject-document-request';
import { CancelRejection } from './document-requests/cancel-rejection/cancel-rejection';
import { DocumentRequestsController } from './document-requests/document-requests.http.controller';
import { ListRecords } from './records/list-records/list-records';
import { StarRecord } from './records/star-record/star-record';
import { RecordsController } from './records/records.http.controller';
import { GetRecord } from './records/get-record/get-record';
import { GetRecordController } from './records/get-record/get-record.http.controller';
import { GetRecordViewerAccess } from './records/get-record-viewer-access/get-record-viewer-access';
import { GetRecordViewerAccessController } from './records/get-record-viewer-access/get-record-viewer-access.http.controller';
import { ReportLinks } from './records/report-links';
import { GetReportIdentifier } from './records/get-report-identifier/get-report-identifier';
import { GetReportIdentifierController } from './records/get-report-identifier/get-report-identifier.http.controller';
import { DownloadReport } from './records/download-report/download-report';
import { DownloadReportController } from './records/download-report/download-report.http.controller';
import { StaffRepository } from './staff/staff.repository';
import { AssignStaff } from './staff/assign-staff/assign-staff';
import { DataRequestConsumers } from './consumers/data-request.consumers';
import { ProviderDemoSeed } from './demo/seed-demo';

/** The provider context: facility staff, their data-request inbox and its fulfilment (uploads, rejections, submission). */
export const ProviderContext = defineContext({
  name: 'provider',
  entities: [],
  migrations: [
    ProviderInit1763800000000,
    ProviderInbox1765000000000,
    ProviderInboxCounts1766200000000,
    ProviderOpenRequests1767300000000,
    ProviderAwaitingPayment1767800000000,
    ProviderInboxDueOrder1768100000000,
    ProviderInboxVersion1768200000000,
  ],
  controllers: [
    ListDataRequestsController,
    GetDataRequestController,
    OtherDocumentsController,
    MarkUploadedController,
    GetUploadFormsController,
    AddDocumentsController,
    DocumentsController,
    DocumentRequestsController,
    RecordsController,
    GetRecordController,
    GetRecordViewerAccessController,
    GetReportIdentifierController,
    DownloadReportController,
  ],
  providers: [
    DataRequestRepository,
    DocumentRepository,
    StaffRepository,
    ListDataRequests,
    InboxPages,
    ReceiveDataRequest,
    ApplyStatusChange,
    GetDataRequest,
    OtherDocuments,
    MarkUploaded,
    GetUploadForms,
    AddDocuments,
    ListDocuments,
    DeleteDocument,
    GetDocumentContent,
    RejectDocumentRequest,
    CancelRejection,
    ListRecords,
    StarRecord,
    GetRecord,
    GetRecordViewerAccess,
    ReportLinks,
    GetReportIdentifier,
    DownloadReport,
    AssignStaff,
    DataRequestConsumers,
    ProviderDemoSeed,
  ],
});
