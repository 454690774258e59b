import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';

/**
 * The Back button of pages drawn without the layout's header and menu (report pages, spec 001 §2.9).
 * It returns to the page the user came from inside the portal; opened from a link or a new tab
 * (nothing of the portal before it) it goes to `fallback`.
 */
export const BackButton = ({
  fallback,
  label = 'Back',
  testId = 'back',
}: {
  fallback: string;
  label?: string;
  testId?: string;
}) => {
  const navigate = useNavigate();
  // react-router counts the entries it pushed in history.state.idx; 0 or none: the user arrived here.
  const cameFromPortal = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Button
      variant="text"
      data-testid={testId}
      onClick={() => void (cameFromPortal() ? navigate(-1) : navigate(fallback))}
      sx={{ alignSelf: 'flex-start', mb: 1 }}
    >
      ← {label}
    </Button>
  );
};
