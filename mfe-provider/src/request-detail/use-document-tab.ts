import { useCallback, useEffect, useRef } from 'react';
import { fetchObjectUrl, type PortalQueryError } from '@portal/api';

/**
 * Opens a document of the request in a new tab. The content routes want the portal's headers, which a
 * link does not send, so the bytes come through the base query's call (fetchObjectUrl, as useObjectUrl
 * does for thumbnails). The tab opens inside the click (popup blockers allow that) and the bytes follow;
 * their object URLs live until the request's page goes, as a tab may still be loading one.
 */
export const useDocumentTab = (onError: (e: PortalQueryError) => void) => {
  const made = useRef(new Set<string>());
  useEffect(() => {
    const urls = made.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);
  return useCallback(
    async (path: string) => {
      const tab = window.open('', '_blank');
      const answer = await fetchObjectUrl(path);
      if (answer.error) {
        tab?.close();
        onError(answer.error);
        return;
      }
      made.current.add(answer.data);
      if (tab) tab.location.href = answer.data;
      else window.open(answer.data, '_blank', 'noopener');
    },
    [onError],
  );
};
