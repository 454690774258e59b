import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  /** Also the id of the field and the test id of the element to click (role combobox). */
  testId: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: ReactNode;
  /** How the chosen value reads when closed (for example '+1' for a calling code). */
  renderValue?: (value: string) => ReactNode;
}

/**
 * A dropdown (MUI Select): keyboard usable, labelled for screen readers; the theme gives options
 * 48 px and the menu at most 200 px. A value missing from the options is still shown, so a stored
 * value survives a list that failed to load.
 */
export const SelectField = ({
  testId,
  label,
  value,
  options,
  onChange,
  onBlur,
  name,
  required,
  disabled,
  error,
  helperText,
  renderValue,
}: SelectFieldProps) => {
  const list =
    value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <TextField
      select
      id={testId}
      name={name}
      label={label}
      required={required}
      disabled={disabled}
      fullWidth
      margin="dense"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error || helperText || ' '}
      slotProps={{
        select: {
          renderValue: renderValue ? (v) => renderValue(v as string) : undefined,
          SelectDisplayProps: { 'data-testid': testId } as object,
          MenuProps: { slotProps: { list: { 'aria-label': label } as object } },
        },
      }}
    >
      {list.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={{ maxWidth: 'calc(100vw - 32px)' }}>
          {/* Long labels end in an ellipsis rather than widen the menu past the screen. */}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {o.label}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
};
