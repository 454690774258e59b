import { DICOMWEB_ROOT, type DicomJsonDataset } from '@portal/contracts';
import { portalRequest, withViewerToken } from '@portal/api';

// Outside the Cornerstone chunk: the metadata is asked while the chunk still loads.
/** WADO-RS series metadata (DICOM JSON), read once per study, series and token with the viewer token through the base query's call (its headers, its error texts). */
const read = async (study: string, series: string, token: string): Promise<DicomJsonDataset[]> => {
  const answer = await portalRequest<DicomJsonDataset[]>(
    `${DICOMWEB_ROOT}/studies/${study}/series/${series}/metadata`,
    withViewerToken(token, { Accept: 'application/dicom+json' }),
  );
  if (answer.error)
    throw new Error(`series metadata answered ${answer.error.status}: ${answer.error.message}`);
  return answer.data;
};

/** Answers asked or under way, so the record view's preload and the viewer share one call (a few at most). */
const asked = new Map<string, Promise<DicomJsonDataset[]>>();
const KEPT = 8;

export const fetchSeriesMetadata = (
  study: string,
  series: string,
  token: string,
): Promise<DicomJsonDataset[]> => {
  const key = `${study}/${series}/${token}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = read(study, series, token);
    answer.catch(() => asked.delete(key));
    asked.set(key, answer);
    if (asked.size > KEPT) asked.delete(asked.keys().next().value as string);
  }
  return answer;
};
