import { queryError } from '@portal/api';
import { toast } from '@portal/ui';

/**
 * Runs one change (an unwrapped mutation): toasts `success` or the server's message under `action`, and
 * answers true, the server's field errors for a form, or false.
 */
export const submit = async (
  call: () => Promise<unknown>,
  success: string | null,
  action: string,
): Promise<boolean | Record<string, string>> => {
  try {
    await call();
    if (success) toast.success(success, action);
    return true;
  } catch (e) {
    const err = queryError(e);
    toast.error(err.message, action);
    return err.errors && Object.keys(err.errors).length ? err.errors : false;
  }
};
