import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  federationName,
  MESSAGES,
  PATHS,
  type SharedRecordRef,
  type SharedRecordsProps,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import {
  BackButton,
  ConfirmDialog,
  PageFrame,
  RemoteComponent,
  toast,
  type ExposedModuleLoader,
} from '@portal/ui';
import {
  useGetSharedPersonQuery,
  useRemoveAccessMutation,
  useRemoveSharedUserMutation,
  useSetShareExpiryMutation,
} from '../sharing.api';
import { lastOpened } from '../sharing-people/last-opened';
import { detailsPath, StudyCount } from '../sharing-people/SharingPeopleScreen';

/** The child views of sharing details: mfe-records' `./SharedRecords`, loaded at run time. */
export const SHARED_RECORDS_MODULE = `${federationName('mfe-records')}/SharedRecords`;
/** Our own words: the records remote could not load; the person's sharing still can be managed. */
export const RECORDS_UNAVAILABLE =
  "The records are unavailable right now. You can still manage this person's access; please try again later.";

/**
 * Sharing details (records spec §2.2, §2.5): 'sharing with {name}', the record count, relation and
 * e-mail, an end date for the whole share, Remove Access for the person (confirmed first), and below
 * the child views of what the person sees (all-requests, favorites, openRequests, wholeBodyScans and
 * the record's review and report pages), drawn by the records remote. A person who is not (or no longer)
 * shared with sends the user to the people list.
 */
export const SharingDetailsScreen = ({ loader }: { loader?: ExposedModuleLoader }) => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const person = useGetSharedPersonQuery(id);
  const [removeRecord] = useRemoveAccessMutation();
  const [removePerson, removing] = useRemoveSharedUserMutation();
  const [setExpiry] = useSetShareExpiryMutation();
  const [confirming, setConfirming] = useState(false);
  const fail = (e: unknown, action: string) => toast.error(queryError(e).message, action);

  if (person.isError) return <Navigate to={PATHS.new.sharingPeople} replace />;
  if (!person.data) return <PageFrame title="Sharing">{<LinearProgress aria-label="Loading" />}</PageFrame>;
  const { person: p, expires_at: expiresAt } = person.data;

  const remove = async () => {
    try {
      if ((await removePerson(id).unwrap()) === 'OK') {
        toast.success(MESSAGES.accessRemoved, 'remove-access');
        setConfirming(false);
        void navigate(PATHS.new.sharingPeople, { replace: true });
      }
    } catch (e) {
      fail(e, 'remove-access');
    }
  };
  /** One record taken from the person (the shared view's Remove). */
  const onRemove = async (r: SharedRecordRef): Promise<boolean> => {
    try {
      await removeRecord({ id, study_uuid: r.studyUid, document_id: r.documentId }).unwrap();
      toast.success(MESSAGES.accessRemoved, 'remove-access');
      return true;
    } catch (e) {
      fail(e, 'remove-access');
      return false;
    }
  };

  return (
    <PageFrame
      title={`sharing with ${p.name}`}
      testId="sharing-details"
      back={<BackButton fallback={PATHS.new.sharingPeople} />}
      actions={
        <Button
          variant="contained"
          color="error"
          onClick={() => setConfirming(true)}
          data-testid="remove-access"
        >
          Remove Access
        </Button>
      }
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <StudyCount count={p.study_count} />
          <Typography variant="body2">{p.relationship}</Typography>
          <Typography variant="body2" color="text.secondary">
            {p.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {person.data.joined
              ? lastOpened(person.data.last_opened_at, person.data.open_count)
              : 'Invitation not accepted yet'}
          </Typography>
        </Box>
        <TextField
          type="date"
          label="Access ends on"
          value={expiresAt ? expiresAt.slice(0, 10) : ''}
          onChange={(e) =>
            void setExpiry({
              id,
              expiresAt: e.target.value ? new Date(`${e.target.value}T23:59:59`).toISOString() : null,
            })
              .unwrap()
              .catch((err: unknown) => fail(err, 'share-expiry'))
          }
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'share-expiry', min: new Date().toISOString().slice(0, 10) },
          }}
          helperText="Leave empty to share until you remove access"
          sx={{ maxWidth: 280 }}
        />
      </Box>
      <RemoteComponent<SharedRecordsProps>
        id={SHARED_RECORDS_MODULE}
        props={{ personId: id, basePath: detailsPath(id), onRemove }}
        fallbackText={RECORDS_UNAVAILABLE}
        testId="shared-records-remote"
        loader={loader}
      />
      <ConfirmDialog
        open={confirming}
        title="Remove Access"
        text={MESSAGES.removeAccessConfirm}
        confirmLabel="Remove Access"
        busy={removing.isLoading}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
        testId="remove-access-dialog"
      />
    </PageFrame>
  );
};
