import { type EventPayloads, STUDY_STORED_INSTANCES_MAX } from '@portal/contracts';
import type { EventFold } from '@portal/server-kit';

type StudyStored = EventPayloads['imaging.study-stored'];

/**
 * A study announced again before the relay published its last announcement (a CT's STOW-RS, ten
 * slices a request, several requests a second) is one announcement: the instances of both and the
 * larger total. Four consumers apply each announcement in a transaction of their own: folded, a CT's
 * 30 requests make 7 to 13 announcements, not 30 (decision 0018 has what that did and did not move).
 * Two announcements that would name more than STUDY_STORED_INSTANCES_MAX instances stay two.
 */
export const studyStoredFold = (p: StudyStored): EventFold<'imaging.study-stored'> => ({
  key: { userId: p.userId, patientRequestId: p.patientRequestId, studyInstanceUid: p.studyInstanceUid },
  merge(earlier, later) {
    const known = new Set((earlier.instances ?? []).map((i) => i.sopInstanceUid));
    const instances = [
      ...(earlier.instances ?? []),
      ...(later.instances ?? []).filter((i) => !known.has(i.sopInstanceUid)),
    ];
    if (instances.length > STUDY_STORED_INSTANCES_MAX) return null;
    return {
      ...later,
      // Two stores of one owner are serialised, so the later total counts both; max() all the same.
      numberOfInstances: Math.max(earlier.numberOfInstances, later.numberOfInstances),
      instances,
    };
  },
});
