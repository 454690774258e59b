import { PageFrame } from '@portal/ui';

/** The record view (records spec §2.4): placeholder until the record-view work lands. */
const RecordView = () => <PageFrame title="Record" testId="record-view" />;

export default RecordView;
