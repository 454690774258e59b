import { Navigate, Route, Routes } from 'react-router';
import { PageFrame } from '@portal/ui';
import { SharingPeopleScreen } from './sharing-people/SharingPeopleScreen';

/** The sharing area's route table, new and legacy paths. */
export const Root = () => (
  <Routes>
    <Route
      path="/patient/sharing-records"
      element={<Navigate to="/patient/sharing-records/sharing-peoples" replace />}
    />
    <Route path="/patient/sharing-records/*" element={<SharingPeopleScreen />} />
    <Route path="/sharing" element={<SharingPeopleScreen />} />
    <Route path="/share-with-facility" element={<PageFrame title="Share With Imaging Facility" />} />
    <Route path="/print-access-form" element={<PageFrame title="Print Access Page" />} />
    <Route path="*" element={null} />
  </Routes>
);
