import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  testId: string;
  /** The form is on its way: the button is disabled and shows a small spinner. */
  submitting?: boolean;
  children: ReactNode;
}

/** A form's submit button: contained, large, full width unless told otherwise, disabled while submitting. */
export const SubmitButton = ({
  testId,
  submitting = false,
  disabled,
  children,
  fullWidth = true,
  ...rest
}: SubmitButtonProps) => (
  <Button
    type="submit"
    variant="contained"
    size="large"
    fullWidth={fullWidth}
    disabled={submitting || disabled}
    data-testid={testId}
    aria-busy={submitting || undefined}
    endIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    {...rest}
  >
    {children}
  </Button>
);
