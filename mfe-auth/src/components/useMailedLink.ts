import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryError } from '@portal/api';
import { DEAD_LINK } from './dead-link';

/** Where a mailed link stands: being spent, spent (with the server's answer), dead, or failed otherwise. */
export type MailedLinkOutcome<T> =
  | { state: 'confirming' }
  | { state: 'done'; answer: T }
  | { state: 'dead' }
  | { state: 'failed'; message: string };

/**
 * Spends the `?token=` of a mailed link once, on the page it opens (verification, email change). A link
 * works once: a second run of the effect (StrictMode) must not spend it again. `done` runs with the
 * answer before the page shows it (a session to update or clear).
 */
export const useMailedLink = <T>(
  spend: (token: string) => { unwrap: () => Promise<T> },
  done: (answer: T) => void,
): MailedLinkOutcome<T> => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<MailedLinkOutcome<T>>({ state: 'confirming' });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) return setOutcome({ state: 'dead' });
    spend(token)
      .unwrap()
      .then((answer) => {
        done(answer);
        setOutcome({ state: 'done', answer });
      })
      .catch((e: unknown) => {
        const { status, message } = queryError(e);
        setOutcome(DEAD_LINK.has(status) ? { state: 'dead' } : { state: 'failed', message });
      });
  }, [token, spend, done]);

  return outcome;
};
