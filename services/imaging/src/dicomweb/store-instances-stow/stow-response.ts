import type { DicomJsonDataset } from '@portal/contracts';
import { DICOMWEB_ROOT } from '@portal/contracts';
import type { InstanceAttributes } from '../../instances/dicom-index/index-dicom';
import { instancePath } from '../../instances/dicom-index/instance-uris';

/** PS3.18 Table I.2-1: a file we cannot read, a study UID other than the one of the path, no room left (the storage quota). */
export const FAILURE = { cannotUnderstand: 0xc000, studyMismatch: 0xa900, outOfResources: 0xa700 } as const;

export interface StowFailure {
  sopClassUid?: string;
  sopInstanceUid?: string;
  reason: number;
}

const ui = (v?: string) => (v ? { vr: 'UI', Value: [v] } : { vr: 'UI' });

/** The store response dataset (PS3.18 10.5.3): what was stored, what failed and why, and its HTTP status. */
export const stowResponse = (
  accepted: InstanceAttributes[],
  failed: StowFailure[],
): { status: number; dataset: DicomJsonDataset } => {
  const studies = [...new Set(accepted.map((a) => a.studyInstanceUid))];
  const dataset: DicomJsonDataset = {
    ...(studies.length === 1
      ? { '00081190': { vr: 'UR', Value: [`${DICOMWEB_ROOT}/studies/${studies[0]}`] } }
      : {}),
    '00081198': {
      vr: 'SQ',
      Value: failed.map((f) => ({
        '00081150': ui(f.sopClassUid),
        '00081155': ui(f.sopInstanceUid),
        '00081197': { vr: 'US', Value: [f.reason] },
      })),
    },
    '00081199': {
      vr: 'SQ',
      Value: accepted.map((a) => ({
        '00081150': ui(a.sopClassUid),
        '00081155': ui(a.sopInstanceUid),
        '00081190': { vr: 'UR', Value: [instancePath(a)] },
      })),
    },
  };
  return { status: !failed.length ? 200 : accepted.length ? 202 : 409, dataset };
};
