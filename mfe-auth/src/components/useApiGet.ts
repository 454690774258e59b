import { useEffect, useState } from 'react';
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
  }, [url, toast]);
  const current = loaded?.url === url ? loaded : null;
  return { data: current?.data, error: current?.error, loading: !current };
};
