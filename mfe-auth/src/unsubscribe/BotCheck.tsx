import { useCallback, useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { AUTH_API } from '@portal/contracts';

export interface BotCheckProps {
  /** The solved check, to send as recaptchaToken. */
  onVerified: (payload: string) => void;
  /** The widget or its challenge could not be loaded, or the proof of work failed. */
  onUnavailable: () => void;
}

// The attribution link is hidden: the page should not send patients to a third-party site.
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

/**
 * The bot check of the unsubscribe page: ALTCHA's widget, a proof of work against our own challenge
 * (decision 0009), loaded only on this page. It starts solving as soon as it is shown, so a person
 * (or a headless browser) has nothing to click. A wrapper, so that tests can replace it.
 */
const BotCheck = ({ onVerified, onUnavailable }: BotCheckProps) => {
  const [loaded, setLoaded] = useState(false);
  const callbacks = useRef({ onVerified, onUnavailable });
  useEffect(() => {
    callbacks.current = { onVerified, onUnavailable };
  });

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

  // A ref callback listens from the moment the element exists, before it can fetch or solve anything.
  const listen = useCallback((widget: HTMLElement | null) => {
    if (!widget) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (state === 'verified' && payload) callbacks.current.onVerified(payload);
      if (state === 'error') callbacks.current.onUnavailable();
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  return loaded ? (
    <altcha-widget
      ref={listen}
      challenge={AUTH_API.unsubscribeChallenge}
      auto="onload"
      configuration={WIDGET_CONFIGURATION}
      data-testid="bot-check"
    />
  ) : null;
};

export default BotCheck;
