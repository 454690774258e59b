import { useEffect, useState } from 'react';
import { apiFetch } from '@portal/api';

export interface Custodian {
  id: string | number;
  name: string;
  address?: { primary_address?: string; city?: { name?: string; state_name?: string }; state?: string; postcode?: string };
}

export const SEARCH_MIN_LENGTH = 4;
export const SEARCH_DEBOUNCE_MS = 300;

/** Facility suggestions: asked only when the text is longer than 3 characters, debounced by 300 ms. */
export const useFacilitySearch = (text: string) => {
  const [results, setResults] = useState<Custodian[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = text.trim();
  useEffect(() => {
    if (query.length < SEARCH_MIN_LENGTH) {
      setResults(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      apiFetch<Custodian[]>(`/api/facility/getCustodians?filterStr=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((list) => {
          setResults(Array.isArray(list) ? list : []);
          setError(null);
        })
        .catch((e: Error) => {
          if (e.name !== 'AbortError') {
            setResults([]);
            setError(e.message);
          }
        })
        .finally(() => setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return { results, loading, error };
};

export const formatAddress = (c: Custodian): string => {
  const a = c.address;
  if (!a) return '';
  return [a.primary_address, a.city?.name, a.city?.state_name ?? a.state, a.postcode].filter(Boolean).join(', ');
};
