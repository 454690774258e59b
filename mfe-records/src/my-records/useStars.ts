import { useCallback, useRef, useState } from 'react';
import type { LibraryGridRow } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import {
  useSharedStarResponseMutation,
  useStarResponseMutation,
  useUnstarResponseMutation,
} from './my-records.api';

/**
 * Stars toggle at once (records spec §4); the star or unstar call follows (the shared-star call for a
 * record shared with the caller), and a refused call puts the star back with a red toast.
 */
export const useStars = () => {
  const [star] = useStarResponseMutation();
  const [unstar] = useUnstarResponseMutation();
  const [sharedStar] = useSharedStarResponseMutation();
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const isStarred = useCallback((r: LibraryGridRow) => pending[r.id] ?? r.starred, [pending]);
  // toggle keeps one identity (memoised rows do not re-render for it); it reads the stars of now.
  const now = useRef(isStarred);
  now.current = isStarred;
  const toggle = useCallback(
    (r: LibraryGridRow) => {
      const starred = !now.current(r);
      setPending((p) => ({ ...p, [r.id]: starred }));
      const call = r.sharedWithMe
        ? sharedStar({
            patientRequestId: r.patientRequestId,
            studyUid: r.study_instance_uid,
            documentId: r.documentId,
            starred,
          })
        : (starred ? star : unstar)({
            patientRequestId: r.patientRequestId,
            cfindResponseId: r.approved_cfind_responseId ?? r.documentId ?? r.id,
            docReqType: r.docReqType,
          });
      call.unwrap().catch((e: unknown) => {
        setPending((p) => ({ ...p, [r.id]: !starred }));
        toast.error(queryError(e).message, 'records-star');
      });
    },
    [star, unstar, sharedStar],
  );
  return { isStarred, toggle };
};
