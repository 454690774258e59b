import { FHIR_ACCESS_API, SMART_API, type ConnectedApp, type ConnectedAppReads } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/**
 * Connected apps (issue 29): the apps the patient let in (auth) and what each read (records' audit),
 * joined on the screen by authorization id; revoking one ends its tokens at once.
 */
export const connectedAppsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConnectedApps: build.query<ConnectedApp[], void>({
      query: () => apiPath(SMART_API.connectedApps),
      providesTags: ['ConnectedApps'],
    }),
    getAppReads: build.query<ConnectedAppReads[], void>({
      query: () => apiPath(FHIR_ACCESS_API.appReads),
      providesTags: ['ConnectedApps'],
    }),
    revokeApp: build.mutation<{ ok: true }, string>({
      query: (authorizationId) => ({ url: apiPath(SMART_API.revokeApp(authorizationId)), method: 'POST' }),
      // The row goes at once; the list is then asked again.
      async onQueryStarted(authorizationId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          connectedAppsApi.util.updateQueryData('getConnectedApps', undefined, (apps) =>
            apps.filter((app) => app.authorizationId !== authorizationId),
          ),
        );
      },
      invalidatesTags: ['ConnectedApps'],
    }),
  }),
});

export const { useGetConnectedAppsQuery, useGetAppReadsQuery, useRevokeAppMutation } = connectedAppsApi;
