import { useState } from 'react';
import type { Custodian } from '@portal/contracts';
import { useDebouncedValue } from '@portal/ui';
import { useSearchCustodiansQuery } from './landing.api';

export const SEARCH_MIN_LENGTH = 4;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Facility suggestions: asked only when the text is longer than 3 characters, 300 ms after the last
 * key. `results` is null while there is nothing to show (too short, or the first answer has not come);
 * the last answer stays shown while the text changes and the next answer is on its way, and a failed
 * search shows none.
 */
export const useFacilitySuggestions = (text: string): { results: Custodian[] | null; loading: boolean } => {
  const current = text.trim();
  const settled = useDebouncedValue(current, SEARCH_DEBOUNCE_MS);
  const tooShort = current.length < SEARCH_MIN_LENGTH;
  // Only the settled text is asked, and only its answer is taken (never one for an older text).
  const skip = tooShort || settled !== current;
  const { currentData, isFetching, isError } = useSearchCustodiansQuery(current, { skip });
  const answer = tooShort ? null : skip ? undefined : isError ? NONE : currentData;
  const [shown, setShown] = useState<Custodian[] | null>(null);
  if (answer !== undefined && answer !== shown) setShown(answer);
  return { results: answer === undefined ? shown : answer, loading: !skip && isFetching };
};

const NONE: Custodian[] = [];

export const formatAddress = (c: Pick<Custodian, 'address'>): string => {
  const a = c.address;
  if (!a) return '';
  return [a.primary_address, a.city?.name, a.city?.state_name ?? a.state, a.postcode]
    .filter(Boolean)
    .join(', ');
};
