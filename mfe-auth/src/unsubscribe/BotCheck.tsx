import { useEffect, useRef, useState, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { IDENTITY_API } from '@portal/contracts';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: string;
        hidefooter?: string;
        name?: string;
      };
    }
  }
}

export interface BotCheckProps {
  /** The solved check, to send as recaptchaToken. */
  onVerified: (payload: string) => void;
  /** The widget or its challenge could not be loaded. */
  onUnavailable: () => void;
}

/**
 * The bot check of the unsubscribe page: ALTCHA's widget, a proof of work against our own challenge
 * (decision 0009), loaded only on this page. It starts solving as soon as it is shown.
 */
const BotCheck = ({ onVerified, onUnavailable }: BotCheckProps) => {
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const callbacks = useRef({ onVerified, onUnavailable });
  callbacks.current = { onVerified, onUnavailable };

  useEffect(() => {
    let cancelled = false;
    import('altcha').then(
      () => !cancelled && setLoaded(true),
      () => !cancelled && callbacks.current.onUnavailable(),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!loaded || !widget) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verified' && payload) callbacks.current.onVerified(payload);
      if (state === 'error') callbacks.current.onUnavailable();
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [loaded]);

  return loaded ? (
    <altcha-widget
      ref={ref}
      challenge={IDENTITY_API.unsubscribeChallenge}
      auto="onload"
      hidefooter="true"
      data-testid="bot-check"
    />
  ) : null;
};

export default BotCheck;
