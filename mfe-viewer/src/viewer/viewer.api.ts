import {
  IMAGING_API,
  VIEWER_TOKEN_HEADER,
  type ImageInterval,
  type ImagingStudy,
  type SaveStudyAnnotationsInput,
  type StudyAnnotations,
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
    /** The measurements and key images kept with the study (issue 31), and whether this viewer may save them. */
    getStudyAnnotations: build.query<StudyAnnotations, { studyInstanceUid: string; token: string }>({
      query: ({ studyInstanceUid, token }) => ({
        url: apiPath(IMAGING_API.annotations(studyInstanceUid)),
        headers: { [VIEWER_TOKEN_HEADER]: token },
      }),
    }),
    /** The whole set, at the version it was read (the owner's own session only). */
    saveStudyAnnotations: build.mutation<
      StudyAnnotations,
      { studyInstanceUid: string; token: string; body: SaveStudyAnnotationsInput }
    >({
      query: ({ studyInstanceUid, token, body }) => ({
        url: apiPath(IMAGING_API.annotations(studyInstanceUid)),
        method: 'PUT',
        headers: { [VIEWER_TOKEN_HEADER]: token },
        body,
      }),
    }),
  }),
});

export const {
  useGetViewerTokenQuery,
  useGetViewerStudyQuery,
  useGetImageIntervalQuery,
  useGetStudyAnnotationsQuery,
  useSaveStudyAnnotationsMutation,
} = viewerApi;
