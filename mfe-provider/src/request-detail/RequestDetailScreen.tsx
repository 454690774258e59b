import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import {
  MESSAGES,
  PROVIDER_API,
  docRequestTypeName,
  type OtherDocument,
  type ProviderDocument,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import { ConfirmDialog, PageFrame, toast, useErrorToast } from '@portal/ui';
import { isLegacyPath, listPath } from '../paths';
import { AttachmentsPanel } from './AttachmentsPanel';
import { DetailFooter } from './DetailFooter';
import { canUpload, footerKind } from './footer';
import { PatientPanel } from './PatientPanel';
import { RejectPanel } from './RejectPanel';
import {
  useCancelRejectionMutation,
  useDeleteDocumentMutation,
  useGetDataRequestQuery,
  useGetDocumentsQuery,
  useGetOtherDocumentsQuery,
  useMarkUploadedMutation,
} from './request-detail.api';
import { useDocumentTab } from './use-document-tab';
import { useProviderUpload } from './useProviderUpload';

/** A failed call's message in red, the spec's fallback when the server gave none. */
const failed = (action: string) => (e: unknown) => toast.error(queryError(e).message, action);

/**
 * The request detail: the patient and what is asked on the left, the files of each record type on
 * the right with their upload, and the footer of records spec §4. Opened as
 * /provider/patient-request-detail/{id}, or (legacy) /data-request/details?id= and
 * /data-request/details/upload?id=&documentRequestId= (opened on that record type).
 */
export const RequestDetailScreen = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const id = useParams().patientRequestId ?? query.get('id') ?? '';
  const legacy = isLegacyPath(pathname);
  const back = () => navigate(listPath(legacy));

  const detail = useGetDataRequestQuery(id, { skip: !id });
  const others = useGetOtherDocumentsQuery(id, { skip: !id });
  const request = detail.data;
  const [chosen, setChosen] = useState<string | null>(query.get('documentRequestId'));
  const selected = request?.document_request.find((d) => d.id === chosen) ?? request?.document_request[0];
  const ref = { patientRequestId: id, documentRequestId: selected?.id ?? '' };
  const docs = useGetDocumentsQuery(ref, { skip: !id || !selected?.id });
  const mnemonic = selected?.document_request_type.mnemonic ?? '';
  const upload = useProviderUpload(id, ref.documentRequestId, mnemonic, () => {
    void docs.refetch();
    void detail.refetch();
  });
  const [deleteDocument, deleting] = useDeleteDocumentMutation();
  /** The file Delete was pressed on: removed only once the user confirms. */
  const [toDelete, setToDelete] = useState<ProviderDocument | null>(null);
  const [markUploaded, marking] = useMarkUploadedMutation();
  const [cancelRejection, cancelling] = useCancelRejectionMutation();
  const [rejecting, setRejecting] = useState(false);
  useErrorToast(detail.error ?? docs.error ?? others.error);

  const submitted = Boolean(request?.uploaded_at);
  const rejected = Boolean(selected?.rejection);
  const documents = docs.data ?? [];
  const kind = footerKind({ submitted, rejected, fileCount: documents.length });
  const patient = request?.patients[0];

  const remove = (d: ProviderDocument) =>
    deleteDocument({ ...ref, documentId: d.id })
      .unwrap()
      .then(() => toast.success(MESSAGES.documentDeleted, 'provider-delete'), failed('provider-delete'))
      .finally(() => setToDelete(null));
  const submitRecords = () =>
    markUploaded({ patientRequestId: id })
      .unwrap()
      .then(() => {
        toast.success(MESSAGES.markedUploaded, 'provider-submit');
        void back();
      }, failed('provider-submit'));
  const undoRejection = () =>
    cancelRejection(ref)
      .unwrap()
      .then(
        () => toast.success(MESSAGES.rejectionCancelled, 'provider-cancel-rejection'),
        failed('provider-cancel-rejection'),
      );
  const open = useDocumentTab(failed('provider-open'));

  return (
    <PageFrame
      title={
        <span data-testid="request-detail-title">
          {patient ? `Request detail: ${patient.last_name}, ${patient.first_name}` : 'Request detail'}
        </span>
      }
      testId="provider-request-detail"
      back={
        <Button onClick={() => void back()} data-testid="request-detail-back" sx={{ mb: 1 }}>
          ← Back
        </Button>
      }
    >
      {detail.isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {detail.error ? (
        <Alert severity="error" data-testid="request-detail-error">
          {detail.error.message || MESSAGES.somethingWentWrong}
        </Alert>
      ) : null}
      {request ? (
        <>
          {/* minmax(0, …): a column may be narrower than its content (the files table scrolls inside its panel), so a phone's 390 px hold the page. */}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(240px, 1fr) minmax(0, 2fr)' },
              alignItems: 'start',
            }}
          >
            <PatientPanel
              request={request}
              attachments={others.data ?? []}
              onOpenAttachment={(a: OtherDocument) => void open(PROVIDER_API.otherDocumentContent(id, a.id))}
            />
            <AttachmentsPanel
              documentRequests={request.document_request}
              selected={selected}
              onSelect={setChosen}
              documents={documents}
              loadingDocuments={docs.isFetching}
              submittedAt={request.uploaded_at}
              uploadAllowed={canUpload({ submitted, rejected, busy: upload.busy })}
              progress={upload.progress}
              onFiles={(files) => void upload.upload(files)}
              onOpen={(d) => void open(PROVIDER_API.documentContent(id, d.id))}
              onDelete={setToDelete}
            />
          </Box>
          <DetailFooter
            kind={kind}
            busy={upload.busy || marking.isLoading || cancelling.isLoading}
            onCancel={() => void back()}
            onSubmitRecords={() => void submitRecords()}
            onRecordNotAvailable={() => setRejecting(true)}
            onCancelRejection={() => void undoRejection()}
          />
          <ConfirmDialog
            open={toDelete !== null}
            title="Delete this file?"
            text={toDelete ? `${toDelete.path || toDelete.file_name} will be removed from this request.` : ''}
            confirmLabel="Delete"
            busy={deleting.isLoading}
            onConfirm={() => toDelete && void remove(toDelete)}
            onCancel={() => setToDelete(null)}
            testId="provider-delete-confirm"
          />
          {selected?.id ? (
            <RejectPanel
              open={rejecting}
              onClose={() => setRejecting(false)}
              patientRequestId={id}
              documentRequestId={selected.id}
              recordType={docRequestTypeName(mnemonic)}
            />
          ) : null}
        </>
      ) : null}
    </PageFrame>
  );
};
