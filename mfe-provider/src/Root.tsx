import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { DataRequestsScreen } from './data-requests/DataRequestsScreen';
import { ALL_RECORDS_PATH } from './paths';
import { RecordDetailsScreen } from './record-details/RecordDetailsScreen';
import { RequestDetailScreen } from './request-detail/RequestDetailScreen';
import { WelcomeScreen } from './welcome/WelcomeScreen';

/** The legacy detail names its request in ?id=; without one there is no request to show: the inbox. */
const LegacyRequestDetail = () => (useSearchParams()[0].get('id') ? <RequestDetailScreen /> : <Navigate to="/dataRequest" replace />);

/** The provider area's route table, new and legacy paths (records spec §2.8). */
export const Root = () => (
  <Routes>
    <Route path="/provider/all-records" element={<WelcomeScreen />} />
    <Route path="/provider/external-requests" element={<DataRequestsScreen />} />
    <Route path="/provider/patient-request-detail/:patientRequestId" element={<RequestDetailScreen />} />
    <Route path="/provider/review-request-details/:patientRequestId/:recordId" element={<RecordDetailsScreen />} />
    <Route path="/provider/view-request-report-details/:patientRequestId/:recordId" element={<RecordDetailsScreen />} />
    <Route path="/provider/*" element={<Navigate to={ALL_RECORDS_PATH} replace />} />
    <Route path="/dataRequest" element={<DataRequestsScreen />} />
    <Route path="/data-request/details" element={<LegacyRequestDetail />} />
    <Route path="/data-request/details/upload" element={<LegacyRequestDetail />} />
    <Route path="/data-request/*" element={<Navigate to="/dataRequest" replace />} />
    <Route path="*" element={null} />
  </Routes>
);
