import { Navigate, useSearchParams } from 'react-router';
import { MESSAGES, PATHS } from '@portal/contracts';
import { paths } from '@portal/session';
import { BackButton, ChooseRecord, PageFrame, PageLoading } from '@portal/ui';
import { useLibraryGrid } from '../grid/useLibraryGrid';
import { shortDate, typeOf } from '../my-records/view';

/** Our own words: the prompt of /report opened without a report. */
export const CHOOSE_REPORT_PROMPT = 'Choose the report to open:';

const recordPath = (patientRequestId: string, responseId: string) =>
  `${PATHS.new.recordView}/${patientRequestId}/${responseId}?from=${encodeURIComponent(PATHS.new.report)}`;

/** The patient's reports and other documents, each opening in the record view (its Report tab). */
const ReportChoice = () => {
  const library = useLibraryGrid({});
  if (library.isLoading) return <PageLoading />;
  const choices = library.rows
    .filter((r) => r.kind === 'document')
    .map((r) => ({
      key: r.id,
      title: r.recordName,
      detail: [typeOf(r), r.facilityName ?? 'Self Uploaded', shortDate(r.date)].filter(Boolean).join(' · '),
      to: recordPath(r.patientRequestId, r.id),
    }));
  return (
    <ChooseRecord
      prompt={CHOOSE_REPORT_PROMPT}
      choices={choices}
      emptyText={MESSAGES.noRecordsYet}
      testId="report-choose"
    />
  );
};

/**
 * The report page (/report). A link that names a report (?patientRequestId=&responseId=) opens it in
 * the record view, the screen My Records uses; without one the patient chooses among their reports.
 * The layout hides its header and menu here (report pages), so the page carries its own Back button
 * (spec 001 §2.9), to where the user came from or else to all their records.
 */
const ReportScreen = () => {
  const [q] = useSearchParams();
  const patientRequestId = q.get('patientRequestId');
  const responseId = q.get('responseId');
  if (patientRequestId && responseId)
    return <Navigate to={recordPath(patientRequestId, responseId)} replace />;
  return (
    <PageFrame
      title="Report"
      testId="records-frame"
      back={<BackButton fallback={paths().patientHome} testId="report-back" />}
    >
      <ReportChoice />
    </PageFrame>
  );
};

export default ReportScreen;
