import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PATHS } from '@portal/contracts';
import { PageLoading } from '@portal/ui';
import RequestStatusScreen from './request-status/RequestStatusScreen';

const MyRecords = lazy(() => import('./my-records/MyRecords'));
const ReportScreen = lazy(() => import('./report/ReportScreen'));
const RecordView = lazy(() => import('./record-view/RecordView'));
const WholeBodyScanReport = lazy(() => import('./whole-body-scans/WholeBodyScanReport'));
const WholeBodyScanDetails = lazy(() => import('./whole-body-scans/WholeBodyScanDetails'));
const LegacyScanScreen = lazy(() => import('./whole-body-scans/LegacyScanScreen'));
const VideoMeetingPage = lazy(() => import('./video-meeting/VideoMeetingPage'));
const SmartFhirPage = lazy(() => import('./smart-fhir/SmartFhirPage'));

const { new: NEW, legacy: LEGACY } = PATHS;

export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      <Route path={NEW.myRecords} element={<Navigate to={NEW.patientHome} replace />} />
      <Route path={`${NEW.requestStatus}/:id`} element={<RequestStatusScreen />} />
      <Route path={`${NEW.recordView}/:patientRequestId/:responseId`} element={<RecordView />} />
      <Route path={`${NEW.myRecords}/:tab/*`} element={<MyRecords />} />
      {/* The home tab's details (records spec §2.3) open the detail, not the list under /patient/home/*. */}
      <Route path={`${NEW.recordsHome}/review-request-details/:id`} element={<RequestStatusScreen />} />
      <Route
        path={`${NEW.recordsHome}/view-request-report-details/:patientRequestId/:responseId`}
        element={<RecordView />}
      />
      <Route path={`${NEW.recordsHome}/*`} element={<MyRecords />} />
      <Route path={LEGACY.patientHome} element={<MyRecords legacyTab="all-requests" />} />
      <Route path={LEGACY.recordsHome} element={<MyRecords legacyTab="all-requests" />} />
      <Route path={LEGACY.openRequests} element={<MyRecords legacyTab="open-requests" />} />
      <Route path={LEGACY.sharedWithMe} element={<MyRecords legacyTab="shared-with-me" />} />
      <Route path="/shared" element={<MyRecords legacyTab="shared-with-me" />} />
      <Route path="/recordDetails" element={<RecordView />} />
      <Route path="/details" element={<RecordView />} />
      <Route path="/smart-fhir" element={<SmartFhirPage />} />
      <Route path={NEW.report} element={<ReportScreen />} />
      <Route path={`${NEW.wholeBodyScan}/:scanId`} element={<WholeBodyScanReport />} />
      <Route path={`${NEW.wholeBodyScan}/:scanId/details`} element={<WholeBodyScanDetails />} />
      <Route path={`${NEW.wholeBodyScan}/*`} element={<Navigate to={NEW.wholeBodyScans} replace />} />
      <Route path={LEGACY.wholeBodyScans} element={<MyRecords legacyTab="whole-body-scans" />} />
      <Route path={LEGACY.wholeBodyScanDetails} element={<LegacyScanScreen />} />
      <Route path={`${LEGACY.wholeBodyScans}/*`} element={<Navigate to={LEGACY.wholeBodyScans} replace />} />
      <Route path="/videoMeeting/:meetingId/:participantId" element={<VideoMeetingPage />} />
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
