import { DICOMWEB_ROOT, type DicomJsonDataset } from '@portal/contracts';
import { portalRequest, withViewerToken } from '@portal/api';

// Outside the Cornerstone chunk: the metadata is asked while the chunk still loads.
/** WADO-RS series metadata (DICOM JSON), read with the viewer token through the base query's call (its headers, its error texts). */
export const fetchSeriesMetadata = async (
  study: string,
  series: string,
  token: string,
): Promise<DicomJsonDataset[]> => {
  const answer = await portalRequest<DicomJsonDataset[]>(
    `${DICOMWEB_ROOT}/studies/${study}/series/${series}/metadata`,
    withViewerToken(token, { Accept: 'application/dicom+json' }),
  );
  if (answer.error)
    throw new Error(`series metadata answered ${answer.error.status}: ${answer.error.message}`);
  return answer.data;
};
