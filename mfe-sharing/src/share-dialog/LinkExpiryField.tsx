import TextField from '@mui/material/TextField';

/** End of the chosen day (the link works through it), ISO; '' means never. */
export const endOfDay = (day: string): string | null =>
  day ? new Date(`${day}T23:59:59`).toISOString() : null;

/** The optional last day a public link works, today at the earliest (print access page, health link). */
export const LinkExpiryField = ({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (day: string) => void;
  testId: string;
}) => (
  <TextField
    type="date"
    label="Link works until (optional)"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{
      inputLabel: { shrink: true },
      htmlInput: { 'data-testid': testId, min: new Date().toISOString().slice(0, 10) },
    }}
    sx={{ maxWidth: 260 }}
  />
);
