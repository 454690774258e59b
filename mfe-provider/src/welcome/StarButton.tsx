import IconButton from '@mui/material/IconButton';

/** The star of a record: filled when starred; toggles at once, the call follows. */
export const StarButton = ({
  starred,
  name,
  onToggle,
}: {
  starred: boolean;
  name: string;
  onToggle: () => void;
}) => (
  <IconButton
    size="small"
    onClick={onToggle}
    aria-pressed={starred}
    aria-label={starred ? `Unstar ${name}` : `Star ${name}`}
    data-testid="provider-record-star"
    sx={{ color: starred ? 'warning.main' : 'text.secondary', fontSize: 20, lineHeight: 1 }}
  >
    <span aria-hidden>{starred ? '★' : '☆'}</span>
  </IconButton>
);
