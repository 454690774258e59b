import { PageFrame } from '@portal/ui';

/** Placeholder until the record details land. */
export const RecordDetailsScreen = () => <PageFrame title="Record" testId="provider-record-details" />;
