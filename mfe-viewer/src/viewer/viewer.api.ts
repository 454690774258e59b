import {
  IMAGING_API,
  VIEWER_TOKEN_HEADER,
  type ImageInterval,
  type ImagingStudy,
  type ViewerAccess,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The spec's viewer calls (records spec §7) the imaging viewer makes. */
export const viewerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** With the portal's bearer: the token that opens this one study, or study_available false. */
    getViewerToken: build.query<ViewerAccess, string>({
      query: (studyInstanceUid) => ({ url: apiPath(IMAGING_API.viewerToken(studyInstanceUid)) }),
    }),
    /** The study's series list; the viewer token is the only credential it needs. */
    getViewerStudy: build.query<
      ImagingStudy,
      { studyInstanceUid: string; organizationId: string; token: string }
    >({
      query: ({ studyInstanceUid, organizationId, token }) => ({
        url: apiPath(IMAGING_API.viewerStudy(studyInstanceUid, organizationId)),
        headers: { [VIEWER_TOKEN_HEADER]: token },
      }),
    }),
    getImageInterval: build.query<ImageInterval, void>({
      query: () => ({ url: apiPath(IMAGING_API.imageInterval) }),
    }),
  }),
});

export const { useGetViewerTokenQuery, useGetViewerStudyQuery, useGetImageIntervalQuery } = viewerApi;
