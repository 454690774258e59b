import type { LibraryGridRow, ShareDialogProps } from '@portal/contracts';
import { federationName } from '@portal/contracts';
import { RemoteComponent, type ExposedModuleLoader } from '@portal/ui';

/** The Share Records dialog of the sharing remote (mfe-sharing's `./ShareDialog`), loaded at run time. */
export const SHARE_DIALOG_MODULE = `${federationName('mfe-sharing')}/ShareDialog`;

/** Our own words: the sharing remote could not load; the records keep working. */
export const SHARING_UNAVAILABLE =
  'Sharing is unavailable right now. Your records keep working; please try again later.';

/** What the dialog is told about a library row. */
export const shareRecordOf = (row: LibraryGridRow): ShareDialogProps['record'] => ({
  patientRequestId: row.patientRequestId,
  studyUid: row.kind === 'study' ? row.study_instance_uid : null,
  documentId: row.documentId,
  cfindResponseId: row.approved_cfind_responseId,
  docReqType: row.docReqType,
  title: row.recordName,
  patientName: row.patientName,
  facilityName: row.facilityName,
});

/** Opens the sharing remote's dialog for one record; nothing while no record is being shared. */
export const ShareRecordsDialog = ({
  record,
  onClose,
  loader,
}: {
  record: ShareDialogProps['record'] | null;
  onClose: () => void;
  loader?: ExposedModuleLoader;
}) =>
  record ? (
    <RemoteComponent<ShareDialogProps>
      id={SHARE_DIALOG_MODULE}
      props={{ open: true, onClose, record, mode: 'inline' }}
      fallbackText={SHARING_UNAVAILABLE}
      testId="share-dialog-remote"
      loader={loader}
    />
  ) : null;
