import { useEffect, useId } from 'react';
import { toast } from './toast';

/**
 * Shows a failed load's message as an error toast, once per failure (a 401 is handled by the API
 * layer), and removes it when the load succeeds on a retry.
 */
export const useErrorToast = (error: { message?: string } | null | undefined): void => {
  const action = `load${useId()}`;
  useEffect(() => {
    if (error?.message) toast.error(error.message, action);
    else toast.dismiss(action);
  }, [error, action]);
};
