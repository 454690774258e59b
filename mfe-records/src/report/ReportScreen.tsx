import { paths } from '@portal/session';
import { BackButton, PageFrame } from '@portal/ui';

/**
 * The report page. The layout hides its header and menu here (report pages), so the page carries
 * its own Back button (spec 001 §2.9), to where the user came from or else to all their records.
 */
const ReportScreen = () => <PageFrame title="Report" testId="records-frame" back={<BackButton fallback={paths().patientHome} testId="report-back" />} />;

export default ReportScreen;
