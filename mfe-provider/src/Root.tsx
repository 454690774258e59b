import { Navigate, Route, Routes } from 'react-router';
import { PageFrame } from '@portal/ui';
import { DataRequestsScreen } from './data-requests/DataRequestsScreen';
import { ALL_RECORDS_PATH } from './paths';
import { RecordDetailsScreen } from './record-details/RecordDetailsScreen';
import { RequestDetailScreen } from './request-detail/RequestDetailScreen';
import { WelcomeScreen } from './welcome/WelcomeScreen';

/** The provider area's route table, new and legacy paths (records spec §2.8). */
export const Root = () => (
  <Routes>
    <Route path="/provider/all-records" element={<WelcomeScreen />} />
    <Route path="/provider/external-requests" element={<DataRequestsScreen />} />
    <Route path="/provider/settings" element={<PageFrame title="Settings" />} />
    <Route path="/provider/patient-request-detail/:patientRequestId" element={<RequestDetailScreen />} />
    <Route path="/provider/review-request-details/:patientRequestId/:recordId" element={<RecordDetailsScreen />} />
    <Route path="/provider/view-request-report-details/:patientRequestId/:recordId" element={<RecordDetailsScreen />} />
    <Route path="/provider/*" element={<Navigate to={ALL_RECORDS_PATH} replace />} />
    <Route path="/dataRequest" element={<DataRequestsScreen />} />
    <Route path="/data-request/details" element={<RequestDetailScreen />} />
    <Route path="/data-request/details/upload" element={<RequestDetailScreen />} />
    <Route path="/data-request/*" element={<Navigate to="/dataRequest" replace />} />
    <Route path="*" element={null} />
  </Routes>
);
