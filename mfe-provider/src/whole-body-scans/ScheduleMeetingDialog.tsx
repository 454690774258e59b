import { Formik, Form } from 'formik';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES, scheduleMeetingSchema, type ConsultationInboxItem } from '@portal/contracts';
import { queryError } from '@portal/api';
import { FormikTextField, SelectField, SubmitButton, toast } from '@portal/ui';
import { useScheduleMeetingMutation } from './whole-body-scans.api';

const DURATIONS = [15, 30, 45, 60];

/** The next whole hour in the browser's own time, as a datetime-local value. */
const nextHour = (): string => {
  const d = new Date(Date.now() + 3_600_000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
};

/** Schedules the video meeting of a consultation; the patient is mailed their own link. */
export const ScheduleMeetingDialog = ({
  consultation,
  onClose,
}: {
  consultation: ConsultationInboxItem;
  onClose: () => void;
}) => {
  const [schedule] = useScheduleMeetingMutation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="schedule-meeting-title">
      <DialogTitle id="schedule-meeting-title">
        Schedule a video meeting with {consultation.patient.first_name} {consultation.patient.last_name}
      </DialogTitle>
      <Formik
        initialValues={{ start: nextHour(), durationMinutes: '30' }}
        onSubmit={async (values) => {
          try {
            const input = scheduleMeetingSchema.validateSync({
              scheduledStart: new Date(values.start).toISOString(),
              durationMinutes: Number(values.durationMinutes),
            });
            await schedule({ consultationId: consultation.id, ...input }).unwrap();
            toast.success(MESSAGES.meetingScheduled, 'schedule-meeting');
            onClose();
          } catch (e) {
            toast.error(
              (e as Error).name === 'ValidationError' ? (e as Error).message : queryError(e).message,
              'schedule-meeting',
            );
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <FormikTextField
                form={form}
                name="start"
                label="Start"
                type="datetime-local"
                testId="schedule-start"
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <SelectField
                testId="schedule-duration"
                label="Duration"
                value={form.values.durationMinutes}
                options={DURATIONS.map((m) => ({ value: String(m), label: `${m} minutes` }))}
                onChange={(v) => void form.setFieldValue('durationMinutes', v)}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <SubmitButton
                testId="schedule-submit"
                submitting={form.isSubmitting}
                fullWidth={false}
                size="medium"
              >
                Schedule
              </SubmitButton>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
};
