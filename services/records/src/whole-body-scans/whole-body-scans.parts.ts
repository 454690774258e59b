import { WholeBodyScanDemoSeed } from '../demo/seed-whole-body-scans';
import { ConsultationRepository } from './consultation.repository';
import { FacilityRepository } from './facility.repository';
import { FacilityStaff } from './facility-staff';
import { GetFindingDocumentController } from './get-finding-document/get-finding-document.http.controller';
import { GetFindingDocument } from './get-finding-document/get-finding-document';
import { GetFindingDocumentsController } from './get-finding-documents/get-finding-documents.http.controller';
import { GetFindingDocuments } from './get-finding-documents/get-finding-documents';
import { GetPatientPlusUIDataController } from './get-patient-plus-ui-data/get-patient-plus-ui-data.http.controller';
import { GetPatientPlusUIData } from './get-patient-plus-ui-data/get-patient-plus-ui-data';
import { GetScanController } from './get-scan/get-scan.http.controller';
import { GetScan } from './get-scan/get-scan';
import { GetVideoReportController } from './get-video-report/get-video-report.http.controller';
import { GetVideoReport } from './get-video-report/get-video-report';
import { GetVideoReportsController } from './get-video-reports/get-video-reports.http.controller';
import { GetVideoReports } from './get-video-reports/get-video-reports';
import { LoadScansController } from './load-scans/load-scans.http.controller';
import { LoadScans } from './load-scans/load-scans';
import { PublishScanController } from './publish-scan/publish-scan.http.controller';
import { PublishScan } from './publish-scan/publish-scan';
import { ReportFiles } from './report-files';
import { ScanMails } from './scan-mails';
import { ScanRepository } from './scan.repository';
import { WholeBodyScanConsumers } from './whole-body-scans.consumers';
import { FollowUpRepository } from './follow-up.repository';
import { ListFollowUpsController } from './list-follow-ups/list-follow-ups.http.controller';
import { ListFollowUps } from './list-follow-ups/list-follow-ups';
import { UpdateFollowUpController } from './update-follow-up/update-follow-up.http.controller';
import { UpdateFollowUp } from './update-follow-up/update-follow-up';
import { ImportFhirReportController } from './import-fhir-report/import-fhir-report.http.controller';
import { ImportFhirReport } from './import-fhir-report/import-fhir-report';
import { FhirJsonParser } from './import-fhir-report/fhir-json-parser';
import { RequestConsultationController } from './request-consultation/request-consultation.http.controller';
import { RequestConsultation } from './request-consultation/request-consultation';
import { ListConsultationsController } from './list-consultations/list-consultations.http.controller';
import { ListConsultations } from './list-consultations/list-consultations';
import { ScheduleMeetingController } from './schedule-meeting/schedule-meeting.http.controller';
import { ScheduleMeeting } from './schedule-meeting/schedule-meeting';
import { GetFacilitySetupController } from './get-facility-setup/get-facility-setup.http.controller';
import { GetFacilitySetup } from './get-facility-setup/get-facility-setup';
import { SearchScanPatientsController } from './search-scan-patients/search-scan-patients.http.controller';
import { SearchScanPatients } from './search-scan-patients/search-scan-patients';
import { ListKeyImageCandidatesController } from './list-key-image-candidates/list-key-image-candidates.http.controller';
import { ListKeyImageCandidates } from './list-key-image-candidates/list-key-image-candidates';
import { GetReportUploadFormController } from './get-report-upload-form/get-report-upload-form.http.controller';
import { GetReportUploadForm } from './get-report-upload-form/get-report-upload-form';
import { ListPublishedScansController } from './list-published-scans/list-published-scans.http.controller';
import { ListPublishedScans } from './list-published-scans/list-published-scans';

/** Whole body scans (issue 27): the patient's calls and the facility's; the records context registers these. */
export const WHOLE_BODY_SCAN_CONTROLLERS = [
  LoadScansController,
  GetPatientPlusUIDataController,
  GetScanController,
  GetVideoReportsController,
  GetVideoReportController,
  GetFindingDocumentsController,
  GetFindingDocumentController,
  RequestConsultationController,
  ListFollowUpsController,
  UpdateFollowUpController,
  GetFacilitySetupController,
  SearchScanPatientsController,
  ListKeyImageCandidatesController,
  GetReportUploadFormController,
  ListPublishedScansController,
  PublishScanController,
  ImportFhirReportController,
  ListConsultationsController,
  ScheduleMeetingController,
];

export const WHOLE_BODY_SCAN_PROVIDERS = [
  ScanRepository,
  ConsultationRepository,
  FacilityRepository,
  FollowUpRepository,
  FacilityStaff,
  ReportFiles,
  ScanMails,
  WholeBodyScanConsumers,
  LoadScans,
  GetPatientPlusUIData,
  GetScan,
  GetVideoReports,
  GetVideoReport,
  GetFindingDocuments,
  GetFindingDocument,
  PublishScan,
  ImportFhirReport,
  FhirJsonParser,
  RequestConsultation,
  ListFollowUps,
  UpdateFollowUp,
  ListConsultations,
  ScheduleMeeting,
  GetFacilitySetup,
  SearchScanPatients,
  ListKeyImageCandidates,
  GetReportUploadForm,
  ListPublishedScans,
  WholeBodyScanDemoSeed,
];
