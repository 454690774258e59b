import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import type { ShareTab } from '@portal/contracts';
import { PageFrame } from '@portal/ui';
import { SharingPeopleScreen } from './sharing-people/SharingPeopleScreen';
import { PEOPLE_PATH, SharingDetailsScreen } from './sharing-details/SharingDetailsScreen';
import { ShareRecords } from './share-dialog/ShareDialog';

/**
 * The legacy share pages (/share-with-facility, /print-access-form): the dialog's tab as a page for the
 * record named in the query (patientRequestId, studyUid, docReqType); without one, My Records.
 */
const SharePage = ({ tab, title }: { tab: ShareTab; title: string }) => {
  const [q] = useSearchParams();
  const patientRequestId = q.get('patientRequestId');
  if (!patientRequestId) return <Navigate to="/patient/my-records" replace />;
  const record = {
    patientRequestId,
    studyUid: q.get('studyUid'),
    documentId: q.get('documentId'),
    cfindResponseId: null,
    docReqType: q.get('docReqType') ?? 'IMAGES',
    title: q.get('title') ?? '',
    patientName: '',
    facilityName: null,
  };
  return (
    <PageFrame title={title} testId="share-page">
      <ShareRecords record={record} initialTab={tab} onClose={() => window.history.back()} />
    </PageFrame>
  );
};

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
    <Route path="*" element={null} />
  </Routes>
);
