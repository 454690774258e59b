import { useEffect } from 'react';
import { toast } from './toast';

/** Shows a failed load's message as an error toast, once per failure (a 401 is handled by the API layer). */
export const useErrorToast = (error: { message?: string } | null | undefined): void => {
  useEffect(() => {
    if (error?.message) toast.error(error.message);
  }, [error]);
};
