import { Navigate, Route, Routes } from 'react-router';
import { SharingPeopleScreen } from './sharing-people/SharingPeopleScreen';
import { PATHS } from '@portal/contracts';
import { SharingDetailsScreen } from './sharing-details/SharingDetailsScreen';
import { SharePage } from './share-page/SharePage';

const NEW = PATHS.new;

/** The sharing area's route table, new and legacy paths. */
export const Root = () => (
  <Routes>
    <Route path={NEW.sharing} element={<Navigate to={NEW.sharingPeople} replace />} />
    <Route path={NEW.sharingPeople} element={<SharingPeopleScreen />} />
    <Route path={`${NEW.sharingDetails}/:id/*`} element={<SharingDetailsScreen />} />
    <Route path={`${NEW.sharing}/*`} element={<Navigate to={NEW.sharingPeople} replace />} />
    <Route path={PATHS.legacy.sharing} element={<SharingPeopleScreen />} />
    <Route
      path="/share-with-facility"
      element={<SharePage tab="share-with-facility" title="Share With Imaging Facility" />}
    />
    <Route
      path="/print-access-form"
      element={<SharePage tab="print-access-page" title="Print Access Page" />}
    />
    <Route path="/download" element={<SharePage tab="download" title="Download" />} />
    <Route path="*" element={null} />
  </Routes>
);
