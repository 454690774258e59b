import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageFrame, PageLoading } from '@portal/ui';
import RequestStatusScreen from './request-status/RequestStatusScreen';

const MyRecords = lazy(() => import('./my-records/MyRecords'));
const ReportScreen = lazy(() => import('./report/ReportScreen'));
const RecordView = lazy(() => import('./record-view/RecordView'));

const Frame = ({ title }: { title: string }) => <PageFrame title={title} testId="records-frame" />;

export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      <Route
        path="/patient/my-records"
        element={<Navigate to="/patient/my-records/all-requests" replace />}
      />
      <Route path="/patient/my-records/review-request-details/:id" element={<RequestStatusScreen />} />
      <Route path="/patient/my-records/view-request-report-details/:patientRequestId/:responseId" element={<RecordView />} />
      <Route path="/patient/my-records/:tab/*" element={<MyRecords />} />
      {/* The home tab's details (records spec §2.3) open the detail, not the list under /patient/home/*. */}
      <Route path="/patient/home/review-request-details/:id" element={<RequestStatusScreen />} />
      <Route path="/patient/home/view-request-report-details/:patientRequestId/:responseId" element={<RecordView />} />
      <Route path="/patient/home/*" element={<MyRecords />} />
      <Route path="/myRecords" element={<MyRecords legacyTab="all-requests" />} />
      <Route path="/home" element={<MyRecords legacyTab="all-requests" />} />
      <Route path="/openRequests" element={<MyRecords legacyTab="open-requests" />} />
      <Route path="/sharedWithMe" element={<MyRecords legacyTab="shared-with-me" />} />
      <Route path="/shared" element={<MyRecords legacyTab="shared-with-me" />} />
      <Route path="/recordDetails" element={<RecordView />} />
      <Route path="/details" element={<RecordView />} />
      <Route path="/smart-fhir" element={<Frame title="Smart FHIR" />} />
      <Route path="/report" element={<ReportScreen />} />
      <Route path="/whole-body-scan/*" element={<Frame title="Whole Body Scan" />} />
      <Route path="/simonOne/*" element={<Frame title="Whole Body Scan" />} />
      <Route path="/videoMeeting/*" element={<Frame title="Video meeting" />} />
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
