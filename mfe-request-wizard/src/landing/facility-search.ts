import type { Custodian } from '@portal/contracts';
import { useDebouncedValue } from '@portal/ui';
import { useSearchCustodiansQuery } from './landing.api';

export const SEARCH_MIN_LENGTH = 4;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Facility suggestions: asked only when the text is longer than 3 characters, 300 ms after the last
 * key. `results` is null while there is nothing to show (too short, or the first answer has not come).
 */
export const useFacilitySuggestions = (text: string): { results: Custodian[] | null; loading: boolean } => {
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const skip = query.length < SEARCH_MIN_LENGTH || text.trim().length < SEARCH_MIN_LENGTH;
  const { currentData, isFetching, isError } = useSearchCustodiansQuery(query, { skip });
  if (skip) return { results: null, loading: false };
  return { results: currentData ?? (isError ? [] : null), loading: isFetching };
};

export const formatAddress = (c: Pick<Custodian, 'address'>): string => {
  const a = c.address;
  if (!a) return '';
  return [a.primary_address, a.city?.name, a.city?.state_name ?? a.state, a.postcode]
    .filter(Boolean)
    .join(', ');
};
