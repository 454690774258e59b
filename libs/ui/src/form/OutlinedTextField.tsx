import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface OutlinedTextFieldProps {
  id: string;
  name?: string;
  label: ReactNode;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  size?: 'small' | 'medium';
  multiline?: boolean;
  minRows?: number;
  sx?: SxProps<Theme>;
  slotProps?: {
    /** Attributes of the <input> itself. */
    htmlInput?: Record<string, unknown>;
    inputLabel?: { shrink?: boolean };
    input?: Partial<OutlinedInputProps>;
  };
}

/**
 * MUI's outlined TextField without its composite: `TextField` also imports Select and with it Menu,
 * Popover and Modal (26 KB gzipped of the sign-in page, decision 0007), though a text input never
 * uses them. Same parts, markup and accessibility as TextField's outlined variant; selects keep
 * using TextField or SelectField.
 */
export const OutlinedTextField = ({
  id,
  label,
  helperText,
  error,
  required,
  disabled,
  fullWidth,
  margin,
  size,
  sx,
  slotProps = {},
  ...input
}: OutlinedTextFieldProps) => {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const shrink = slotProps.inputLabel?.shrink;
  return (
    <FormControl
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      margin={margin}
      size={size}
      sx={sx}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched={shrink}
        aria-describedby={helperId}
        {...input}
        {...slotProps.input}
        inputProps={slotProps.htmlInput}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
