import { DICOMWEB_ROOT } from '@portal/contracts';

type InstancePlace = { studyInstanceUid: string; seriesInstanceUid: string; sopInstanceUid: string };

/** WADO-RS path of an instance. */
export const instancePath = (i: InstancePlace) =>
  `${DICOMWEB_ROOT}/studies/${i.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`;
/** Where a bulk data value (pixel data, or a large binary attribute by its top-level tag) is read. */
export const bulkDataUri = (i: InstancePlace, tag: string) => `${instancePath(i)}/bulkdata/${tag}`;
