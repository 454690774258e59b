import { inviteSent } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useShareRecordsMutation } from '../sharing.api';
import { toInvitePayload, type InviteValues } from './invite-payload';

/**
 * Sends an invitation; on success answers the success text (records spec §8, with the person's name), on
 * a field error the errors for the form, otherwise toasts the server's message.
 */
export const useInvite = (onSent: (message: string) => void) => {
  const [share] = useShareRecordsMutation();
  return async (values: InviteValues): Promise<boolean | Record<string, string>> => {
    try {
      const person = await share(toInvitePayload(values)).unwrap();
      onSent(inviteSent(person.name));
      return true;
    } catch (e) {
      const err = queryError(e);
      toast.error(err.message, 'invite');
      return err.errors && Object.keys(err.errors).length ? err.errors : false;
    }
  };
};
