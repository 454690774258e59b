import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { MONTHS, dobToIso, isoToDob, validateDobPieces } from '@portal/contracts';
import type { DobPieces } from '@portal/contracts';
import { SelectField } from './SelectField';

export interface DateOfBirthInputProps {
  /** YYYY-MM-DD, or '' while the pieces are incomplete or break a rule. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** Test ids are `${testId}-month`, `-day`, `-year` and `-error` (the whole-date message). */
  testId: string;
  label?: string;
  required?: boolean;
  /** Show the message of every piece, visited or not (after a submit attempt). */
  showErrors?: boolean;
  /** A message from elsewhere (the server), shown when the pieces have none. */
  error?: string;
}

type Piece = keyof DobPieces;

const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));
const digits = (typed: string, max: number) => typed.replace(/\D/g, '').slice(0, max);
const isoOf = (pieces: DobPieces): string =>
  Object.keys(validateDobPieces(pieces)).length === 0 ? dobToIso(pieces) : '';

/**
 * Date of birth in three pieces (spec 000 §5 Date-of-birth pieces): the month from a list, the
 * day at most 2 digits, the year at most 4, digits only. Every rule and message of the table
 * comes from validateDobPieces; the output is YYYY-MM-DD, or '' until the date is good.
 */
export const DateOfBirthInput = ({
  value,
  onChange,
  onBlur,
  testId,
  label = 'Date of birth',
  required = true,
  showErrors = false,
  error,
}: DateOfBirthInputProps) => {
  const [pieces, setPieces] = useState<DobPieces>(() => isoToDob(value));
  const [visited, setVisited] = useState<Record<Piece, boolean>>({ month: false, day: false, year: false });
  const [shownValue, setShownValue] = useState(value);

  // A value set from outside (a loaded person, a reset form) replaces the pieces.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== isoOf(pieces)) setPieces(isoToDob(value));
  }

  const errors = validateDobPieces(pieces);
  const messageOf = (piece: Piece) => ((showErrors || visited[piece]) && errors[piece]) || '';
  const dateMessage = errors.date ?? (Object.keys(errors).length === 0 ? error : undefined);

  const change = (piece: Piece, typed: string) => {
    const next = { ...pieces, [piece]: typed };
    setPieces(next);
    const iso = isoOf(next);
    if (iso !== value) onChange(iso);
  };
  const leave = (piece: Piece) => {
    setVisited((v) => ({ ...v, [piece]: true }));
    onBlur?.();
  };
  const numberField = (piece: 'day' | 'year', fieldLabel: string, max: number) => (
    <TextField
      id={`${testId}-${piece}`}
      label={fieldLabel}
      required={required}
      margin="dense"
      fullWidth
      value={pieces[piece]}
      onChange={(e) => change(piece, digits(e.target.value, max))}
      onBlur={() => leave(piece)}
      error={Boolean(messageOf(piece))}
      helperText={messageOf(piece) || ' '}
      autoComplete={piece === 'day' ? 'bday-day' : 'bday-year'}
      slotProps={{
        htmlInput: {
          'data-testid': `${testId}-${piece}`,
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: max,
        },
      }}
    />
  );

  return (
    <FormControl
      component="fieldset"
      fullWidth
      margin="dense"
      error={Boolean(dateMessage)}
      aria-describedby={dateMessage ? `${testId}-error` : undefined}
    >
      <FormLabel component="legend" required={required} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' }, columnGap: 1.5 }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <SelectField
            testId={`${testId}-month`}
            label="Month"
            required={required}
            value={pieces.month}
            options={MONTH_OPTIONS}
            onChange={(m) => change('month', m)}
            onBlur={() => leave('month')}
            error={messageOf('month')}
          />
        </Box>
        {numberField('day', 'Day', 2)}
        {numberField('year', 'Year', 4)}
      </Box>
      {dateMessage ? (
        <FormHelperText id={`${testId}-error`} data-testid={`${testId}-error`} role="alert" sx={{ mt: 0 }}>
          {dateMessage}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
};
