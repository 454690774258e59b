import { Navigate, Route, Routes } from 'react-router';
import { SharingPeopleScreen } from './sharing-people/SharingPeopleScreen';
import { PEOPLE_PATH, SharingDetailsScreen } from './sharing-details/SharingDetailsScreen';
import { SharePage } from './share-page/SharePage';

/** The sharing area's route table, new and legacy paths. */
export const Root = () => (
  <Routes>
    <Route path="/patient/sharing-records" element={<Navigate to={PEOPLE_PATH} replace />} />
    <Route path="/patient/sharing-records/sharing-peoples" element={<SharingPeopleScreen />} />
    <Route path="/patient/sharing-records/sharing-details/:id/*" element={<SharingDetailsScreen />} />
    <Route path="/patient/sharing-records/*" element={<Navigate to={PEOPLE_PATH} replace />} />
    <Route path="/sharing" element={<SharingPeopleScreen />} />
    <Route path="/share-with-facility" element={<SharePage tab="share-with-facility" title="Share With Imaging Facility" />} />
    <Route path="/print-access-form" element={<SharePage tab="print-access-page" title="Print Access Page" />} />
    <Route path="/download" element={<SharePage tab="download" title="Download" />} />
    <Route path="*" element={null} />
  </Routes>
);
