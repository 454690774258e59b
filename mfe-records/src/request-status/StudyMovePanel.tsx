import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { SMART_FHIR_POLL_MS, type StudyMoveProgress } from '@portal/contracts';
import { useGetStudyMoveQuery } from './request-status.api';

/** Our own words for where a study move stands. */
export const moveText = (p: StudyMoveProgress): string => {
  if (p.status === 'done') return 'The study is in your records.';
  if (p.status === 'failed')
    return "The facility's system could not deliver the study; the facility will send it.";
  const images =
    p.instancesTotal === null
      ? 'asking for the list of images'
      : `${p.instancesDone} of ${p.instancesTotal} images`;
  const retry = p.attempts > 0 && p.error ? ` Trying again (${p.error}).` : '';
  return `Bringing the study in from the facility's system: ${images}.${retry}`;
};

/**
 * While a Smart FHIR request is 'Pending study move': imaging's progress, asked every 2 s; when the
 * move ends, `onEnded` reloads the request (its status moves on).
 */
export const StudyMovePanel = ({
  patientRequestId,
  onEnded,
}: {
  patientRequestId: string;
  onEnded: () => void;
}) => {
  const { data, fulfilledTimeStamp } = useGetStudyMoveQuery(patientRequestId, {
    pollingInterval: SMART_FHIR_POLL_MS,
  });
  const ended = useRef(onEnded);
  ended.current = onEnded;
  // Each answer after the move ended reloads the request, until its status has moved on (this panel goes).
  useEffect(() => {
    if (data && data.status !== 'moving') ended.current();
  }, [data, fulfilledTimeStamp]);
  if (!data) return null;
  const value = data.instancesTotal ? (100 * data.instancesDone) / data.instancesTotal : 0;
  return (
    <Box sx={{ mt: 1, maxWidth: 480 }} data-testid="study-move" role="status">
      <Typography variant="body2">{moveText(data)}</Typography>
      {data.status === 'moving' ? (
        <LinearProgress
          variant={data.instancesTotal ? 'determinate' : 'indeterminate'}
          value={value}
          aria-label="Study move progress"
          sx={{ mt: 0.5 }}
        />
      ) : null}
    </Box>
  );
};
