import { useLocation, useSearchParams } from 'react-router';
import { MESSAGES, type ShareTab } from '@portal/contracts';
import { ChooseRecord, PageFrame, PageLoading } from '@portal/ui';
import { ShareRecords } from '../share-dialog/ShareDialog';
import { useGetShareableRecordsQuery } from '../sharing.api';

/** Our own words: the prompt of a share page opened without a record. */
export const CHOOSE_STUDY_PROMPT = 'Choose the imaging study:';

/** The imaging studies a share page can be about, each linking back to the page with it named. */
const StudyChoice = () => {
  const { pathname } = useLocation();
  const records = useGetShareableRecordsQuery();
  if (records.isLoading) return <PageLoading />;
  const studies = (records.data ?? []).filter((r) => r.studyUid);
  const choices = studies.map((r) => {
    const title = [r.modality, r.study_description].filter(Boolean).join(' ') || 'Imaging study';
    const query = new URLSearchParams({
      patientRequestId: r.patientRequestId,
      studyUid: r.studyUid!,
      docReqType: 'IMAGES',
      title,
    });
    return {
      key: `${r.patientRequestId}/${r.studyUid}`,
      title,
      detail: [r.facility_name, r.study_date].filter(Boolean).join(' · '),
      to: `${pathname}?${query}`,
    };
  });
  return (
    <ChooseRecord
      prompt={CHOOSE_STUDY_PROMPT}
      choices={choices}
      emptyText={MESSAGES.noRecordsAndImaging}
      testId="share-page-choose"
    />
  );
};

/**
 * The share pages of the route tables (/share-with-facility, /print-access-form, /download): the Share
 * Records dialog's tab as a page for the record named in the query (patientRequestId, studyUid,
 * docReqType, title). Opened without one (a bookmark, the menu), the patient first chooses the imaging
 * study it is about: these tabs are about images.
 */
export const SharePage = ({ tab, title }: { tab: ShareTab; title: string }) => {
  const [q] = useSearchParams();
  const patientRequestId = q.get('patientRequestId');
  const record = patientRequestId && {
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
      {record ? (
        <ShareRecords
          key={patientRequestId}
          record={record}
          initialTab={tab}
          onClose={() => window.history.back()}
        />
      ) : (
        <StudyChoice />
      )}
    </PageFrame>
  );
};
