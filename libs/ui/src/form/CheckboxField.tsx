import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

const box = (checked: boolean, onChange: (on: boolean) => void, testId?: string) => (
  <Checkbox
    checked={checked}
    onChange={(e) => onChange(e.target.checked)}
    slotProps={{ input: testId ? ({ 'data-testid': testId } as object) : {} }}
  />
);

/** The error under a control, announced to screen readers; nothing while there is none. */
const ErrorText = ({ error }: { error?: string }) =>
  error ? (
    <FormHelperText error role="alert">
      {error}
    </FormHelperText>
  ) : null;

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  testId?: string;
}

/** One checkbox with its label and, when given, its error message (consents, agreements). */
export const CheckboxField = ({ label, checked, onChange, error, testId }: CheckboxFieldProps) => (
  <>
    <FormControlLabel control={box(checked, onChange, testId)} label={label} />
    <ErrorText error={error} />
  </>
);

export interface CheckboxGroupFieldProps<T extends string> {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string; testId?: string }>;
  values: readonly T[];
  onChange: (values: T[]) => void;
  error?: string;
}

/** A row of checkboxes choosing several values of a list (record types, body parts), in the list's order. */
export const CheckboxGroupField = <T extends string>({
  legend,
  options,
  values,
  onChange,
  error,
}: CheckboxGroupFieldProps<T>) => (
  <FormControl component="fieldset" error={Boolean(error)} margin="dense" fullWidth>
    <FormLabel component="legend">{legend}</FormLabel>
    <FormGroup row>
      {options.map((o) => (
        <FormControlLabel
          key={o.value}
          label={o.label}
          control={box(
            values.includes(o.value),
            (on) =>
              onChange(options.map((x) => x.value).filter((v) => (v === o.value ? on : values.includes(v)))),
            o.testId,
          )}
        />
      ))}
    </FormGroup>
    <ErrorText error={error} />
  </FormControl>
);
