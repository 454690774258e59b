import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { PATHS } from '@portal/contracts';
import { DataRequestsScreen } from './data-requests/DataRequestsScreen';
import { RecordDetailsScreen } from './record-details/RecordDetailsScreen';
import { RequestDetailScreen } from './request-detail/RequestDetailScreen';
import { WelcomeScreen } from './welcome/WelcomeScreen';
import { ConsultationsScreen } from './whole-body-scans/ConsultationsScreen';
import { CONSULTATIONS_PATH, PUBLISH_PATH, SCANS_PATH } from './whole-body-scans/paths';
import { PublishScanScreen } from './whole-body-scans/PublishScanScreen';
import { WholeBodyScansScreen } from './whole-body-scans/WholeBodyScansScreen';

const { new: NEW, legacy: LEGACY } = PATHS;

/** The legacy detail names its request in ?id=; without one there is no request to show: the inbox. */
const LegacyRequestDetail = () =>
  useSearchParams()[0].get('id') ? (
    <RequestDetailScreen />
  ) : (
    <Navigate to={LEGACY.providerRequests} replace />
  );

/** The provider area's route table, new and legacy paths (records spec §2.8). */
export const Root = () => (
  <Routes>
    <Route path={NEW.providerHome} element={<WelcomeScreen />} />
    <Route path={NEW.providerRequests} element={<DataRequestsScreen />} />
    <Route path={`${NEW.providerRequest}/:patientRequestId`} element={<RequestDetailScreen />} />
    <Route
      path="/provider/review-request-details/:patientRequestId/:recordId"
      element={<RecordDetailsScreen />}
    />
    <Route path={`${NEW.providerRecord}/:patientRequestId/:recordId`} element={<RecordDetailsScreen />} />
    <Route path={SCANS_PATH} element={<WholeBodyScansScreen />} />
    <Route path={PUBLISH_PATH} element={<PublishScanScreen />} />
    <Route path={CONSULTATIONS_PATH} element={<ConsultationsScreen />} />
    <Route path="/provider/*" element={<Navigate to={NEW.providerHome} replace />} />
    <Route path={LEGACY.providerRequests} element={<DataRequestsScreen />} />
    <Route path={LEGACY.providerRequest} element={<LegacyRequestDetail />} />
    <Route path={LEGACY.providerUpload} element={<LegacyRequestDetail />} />
    <Route path="/data-request/*" element={<Navigate to={LEGACY.providerRequests} replace />} />
    <Route path="*" element={null} />
  </Routes>
);
