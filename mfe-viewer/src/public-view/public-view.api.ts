import {
  SHARING_API,
  type PublicViewerConfig,
  type ViewerDownload,
  type ViewerSession,
} from '@portal/contracts';
import { apiPath, withViewerToken } from '@portal/api';
import { api } from '../api';

/** The public viewer page's calls (records spec §7): the link's config, its password, Download All. */
export const publicViewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getViewerConfig: build.query<PublicViewerConfig, { linkId: string; token: string | null }>({
      query: ({ linkId, token }) => ({
        url: apiPath(SHARING_API.viewerConfig(linkId)),
        ...withViewerToken(token),
      }),
    }),
    validateViewerPassword: build.mutation<ViewerSession, { linkId: string; password: string }>({
      query: ({ linkId, password }) => ({
        url: apiPath(SHARING_API.validateViewerPassword(linkId)),
        method: 'POST',
        body: { password },
        skipAuthRedirect: true,
      }),
    }),
    downloadViewerStudies: build.mutation<ViewerDownload, { linkId: string; token: string | null }>({
      query: ({ linkId, token }) => ({
        url: apiPath(SHARING_API.downloadViewerStudies(linkId)),
        method: 'POST',
        ...withViewerToken(token),
      }),
    }),
  }),
});

export const {
  useGetViewerConfigQuery,
  useValidateViewerPasswordMutation,
  useDownloadViewerStudiesMutation,
} = publicViewApi;
