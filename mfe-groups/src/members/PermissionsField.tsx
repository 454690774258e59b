import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { GROUP_PERMISSIONS, GROUP_PERMISSION_TEXT, type GroupPermission } from '@portal/contracts';

/** Checkboxes of the permissions, each with what it lets the group do, in plain words. */
export const PermissionsField = ({
  legend,
  help,
  values,
  onChange,
  error,
  testId = 'permissions',
}: {
  legend: string;
  help?: string;
  values: readonly GroupPermission[];
  onChange: (values: GroupPermission[]) => void;
  error?: string;
  testId?: string;
}) => (
  <FormControl component="fieldset" error={Boolean(error)} margin="dense" fullWidth data-testid={testId}>
    <FormLabel component="legend">{legend}</FormLabel>
    {help ? (
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
    ) : null}
    <Box sx={{ display: 'grid', gap: 0.5, mt: 1 }}>
      {GROUP_PERMISSIONS.map((p) => (
        <FormControlLabel
          key={p}
          sx={{ alignItems: 'flex-start' }}
          control={
            <Checkbox
              checked={values.includes(p)}
              onChange={(e) =>
                onChange(GROUP_PERMISSIONS.filter((x) => (x === p ? e.target.checked : values.includes(x))))
              }
              slotProps={{ input: { 'data-testid': `${testId}-${p}` } as object }}
              sx={{ pt: 0.5 }}
            />
          }
          label={
            <Box component="span" sx={{ display: 'block', pt: 0.75 }}>
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {GROUP_PERMISSION_TEXT[p].name}
              </Box>
              <Typography component="span" variant="body2" color="text.secondary">
                {GROUP_PERMISSION_TEXT[p].description}
              </Typography>
            </Box>
          }
        />
      ))}
    </Box>
    {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
  </FormControl>
);
