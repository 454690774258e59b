import { DICOMWEB_ROOT, type DicomJsonDataset } from '@portal/contracts';
import { portalRequest, withViewerToken } from '@portal/api';
import { recentAnswers } from './recent-answers';

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

const asked = recentAnswers<DicomJsonDataset[]>(8);

export const fetchSeriesMetadata = (
  study: string,
  series: string,
  token: string,
): Promise<DicomJsonDataset[]> => asked(`${study}/${series}/${token}`, () => read(study, series, token));
