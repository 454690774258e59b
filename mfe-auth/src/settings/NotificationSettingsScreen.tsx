import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { MESSAGES, NOTIFICATION_GROUPS, NOTIFICATION_LABELS, normaliseSettings } from '@portal/contracts';
import type { NotificationGroup, NotificationMnemonic, NotificationSetting } from '@portal/contracts';
import { queryError } from '@portal/api';
import { useErrorToast, useToast } from '@portal/ui';
import { useGoBack } from '../components/useGoBack';
import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './settings.api';
import { SettingsPage } from './SettingsPage';

type Values = Record<NotificationMnemonic, boolean>;

const GROUPS = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];
const valuesOf = (list: readonly NotificationSetting[]): Values =>
  Object.fromEntries(list.map((s) => [s.mnemonic, s.value])) as Values;

/** Turning a group off switches off all of its children; turning it on leaves them as they are. */
export const toggle = (values: Values, mnemonic: NotificationMnemonic, on: boolean): Values => {
  const next = { ...values, [mnemonic]: on };
  if (!on && mnemonic in NOTIFICATION_GROUPS)
    for (const child of NOTIFICATION_GROUPS[mnemonic as NotificationGroup]) next[child] = false;
  return next;
};

const SettingSwitch = ({
  mnemonic,
  values,
  disabled,
  onToggle,
}: {
  mnemonic: NotificationMnemonic;
  values: Values;
  disabled: boolean;
  onToggle: (m: NotificationMnemonic, on: boolean) => void;
}) => (
  <FormControlLabel
    label={NOTIFICATION_LABELS[mnemonic]}
    disabled={disabled}
    control={
      <Switch
        checked={values[mnemonic]}
        onChange={(e) => onToggle(mnemonic, e.target.checked)}
        slotProps={{ input: { 'data-testid': `notification-${mnemonic}` } as object }}
      />
    }
  />
);

const NotificationForm = ({ initial }: { initial: Values }) => {
  const toast = useToast();
  const goBack = useGoBack();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [saveSettings] = useSaveNotificationSettingsMutation();
  const [busy, setBusy] = useState(false);
  const changed = (Object.keys(values) as NotificationMnemonic[]).some((m) => values[m] !== saved[m]);
  const onToggle = (m: NotificationMnemonic, on: boolean) => setValues((v) => toggle(v, m, on));

  const save = async () => {
    setBusy(true);
    try {
      const settings = normaliseSettings(
        (Object.keys(values) as NotificationMnemonic[]).map((mnemonic) => ({
          mnemonic,
          value: values[mnemonic],
        })),
      );
      await saveSettings(settings).unwrap();
      setSaved(values);
      toast.success(MESSAGES.notificationSaved, 'save-notification-settings');
      goBack();
    } catch (e) {
      toast.error(queryError(e).message, 'save-notification-settings');
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Notification Setting"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) void save();
      }}
    >
      {GROUPS.map((group, i) => (
        <Box
          component="fieldset"
          key={group}
          sx={{
            border: 0,
            borderTop: i ? 1 : 0,
            borderColor: 'divider',
            m: 0,
            p: 0,
            pt: i ? 1.5 : 0,
            pb: 1.5,
            minWidth: 0,
          }}
          aria-labelledby={`notification-legend-${group}`}
          data-testid={`notification-group-${group}`}
        >
          {/* A legend would cut the dividing line; the group's switch names the fieldset instead. */}
          <Box
            id={`notification-legend-${group}`}
            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
          >
            <SettingSwitch mnemonic={group} values={values} disabled={busy} onToggle={onToggle} />
          </Box>
          <FormGroup sx={{ pl: { xs: 2, sm: 6 } }}>
            {NOTIFICATION_GROUPS[group].map((child) => (
              <SettingSwitch
                key={child}
                mnemonic={child}
                values={values}
                disabled={busy || !values[group]}
                onToggle={onToggle}
              />
            ))}
          </FormGroup>
        </Box>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={goBack} data-testid="notification-cancel">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!changed || busy} data-testid="notification-save">
          Save
        </Button>
      </Box>
    </form>
  );
};

/** Notification Setting: a switch per group with its children; children are disabled while their group is off. */
const NotificationSettingsScreen = () => {
  const loaded = useGetNotificationSettingsQuery();
  useErrorToast(loaded.error);
  const initial = useMemo(
    () => (loaded.data ? valuesOf(normaliseSettings(loaded.data)) : null),
    [loaded.data],
  );
  return (
    <SettingsPage
      title="Notification Setting"
      testId="auth-notifications"
      maxWidth={720}
      load={{ ready: Boolean(initial), error: loaded.error }}
    >
      {initial ? <NotificationForm initial={initial} /> : null}
    </SettingsPage>
  );
};

export default NotificationSettingsScreen;
