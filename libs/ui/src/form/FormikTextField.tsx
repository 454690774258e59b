import type { FormikProps } from 'formik';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';

/** Text inputs trim leading whitespace as typed (spec 000 §5 Personal information). */
export const trimStart = (v: string): string => v.trimStart();
/** Digits only, at most `max` of them (phone numbers: a pasted '617-555-1234' keeps its digits). */
export const digitsOnly = (max: number) => (typed: string) => typed.replace(/\D/g, '').slice(0, max);
/** Spaces are stripped from typed passwords. */
export const stripSpaces = (v: string): string => v.replace(/\s+/g, '');
/** Keeps what was typed (sign-in and sign-up: the values are trimmed when sent, not while typed). */
export const asTyped = (v: string): string => v;

export type FormikTextFieldProps<V> = Omit<
  OutlinedTextFieldProps,
  'id' | 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  form: FormikProps<V>;
  name: keyof V & string;
  label: string;
  testId: string;
  /** Applied to every typed value before it is stored; trims leading whitespace by default. */
  clean?: (typed: string) => string;
  /** Extra attributes of the <input> itself (inputMode, maxLength, readOnly, ...). */
  htmlInput?: Record<string, unknown>;
  /** Marked invalid without a message of its own (a refused sign-in marks the password). */
  invalid?: boolean;
};

/**
 * An outlined text input bound to one string field of a Formik form: its message shows once the field is
 * touched, otherwise the helper text (or a blank line, so the layout does not jump).
 */
export const FormikTextField = <V,>({
  form,
  name,
  label,
  testId,
  clean = trimStart,
  htmlInput,
  helperText,
  invalid = false,
  slotProps,
  ...rest
}: FormikTextFieldProps<V>) => {
  const touched = Boolean((form.touched as Record<string, unknown>)[name]);
  const error = touched ? ((form.errors as Record<string, string | undefined>)[name] ?? '') : '';
  return (
    <OutlinedTextField
      id={testId}
      name={name}
      label={label}
      fullWidth
      margin="dense"
      {...rest}
      value={String((form.values as Record<string, unknown>)[name] ?? '')}
      onChange={(e) => void form.setFieldValue(name, clean(e.target.value))}
      onBlur={form.handleBlur}
      error={Boolean(error) || invalid}
      helperText={error || helperText || ' '}
      slotProps={{
        ...slotProps,
        htmlInput: { 'data-testid': testId, 'aria-invalid': Boolean(error) || invalid, ...htmlInput },
      }}
    />
  );
};

/** A password input of a Formik form: spaces are stripped as typed. */
export const FormikPasswordField = <V,>(props: FormikTextFieldProps<V>) => (
  <FormikTextField type="password" clean={stripSpaces} {...props} />
);
