import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '@portal/api';
import { useToast } from '@portal/ui';

interface Loaded<T> {
  url: string;
  data?: T;
  error?: Error;
}

/**
 * GET `url` once per url; a failure shows the error toast (a 401 is handled by apiFetch).
 * `loading` is true until this url has answered.
 */
export const useApiGet = <T>(url: string) => {
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<T>(url, { signal: controller.signal }).then(
      (data) => setLoaded({ url, data }),
      (error: Error) => {
        if (error.name === 'AbortError') return;
        toast.error(error.message);
        setLoaded({ url, error });
      },
    );
    return () => controller.abort();
  }, [url, toast, round]);
  const current = loaded?.url === url ? loaded : null;
  // reload() asks again; the last answer stays shown until the new one comes.
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: current?.data, error: current?.error, loading: !current, reload };
};
