import { Navigate, Route, Routes } from 'react-router';
import { PageFrame } from '@portal/ui';
import { DataRequestsScreen } from './data-requests/DataRequestsScreen';
import { WelcomeScreen } from './welcome/WelcomeScreen';

/** The provider area's route table, new and legacy paths. */
export const Root = () => (
  <Routes>
    <Route path="/provider/all-records" element={<WelcomeScreen />} />
    <Route path="/provider/external-requests" element={<DataRequestsScreen />} />
    <Route path="/provider/settings" element={<PageFrame title="Settings" />} />
    <Route path="/provider/patient-request-detail/*" element={<PageFrame title="Request detail" />} />
    <Route path="/provider/review-request-details/*" element={<PageFrame title="Request detail" />} />
    <Route path="/provider/view-request-report-details/*" element={<PageFrame title="Report" />} />
    <Route path="/provider/*" element={<Navigate to="/provider/all-records" replace />} />
    <Route path="/dataRequest" element={<DataRequestsScreen />} />
    <Route path="/data-request/*" element={<PageFrame title="Request detail" />} />
    <Route path="*" element={null} />
  </Routes>
);
