import { AUTH_API, type NotificationSetting, type Person, type SaveDetailsRequest } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** The settings pages' calls: the person, notification settings and the email change. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPerson: build.query<Person, { full?: boolean } | void>({
      query: (args) => `${apiPath(AUTH_API.getPerson)}${args?.full ? '?full=true' : ''}`,
      providesTags: ['Person'],
    }),
    saveDetails: build.mutation<{ message: string; person: Person }, SaveDetailsRequest>({
      query: (body) => ({ url: apiPath(AUTH_API.saveDetails), method: 'POST', body }),
      invalidatesTags: ['Person'],
    }),
    getNotificationSettings: build.query<NotificationSetting[], void>({
      query: () => apiPath(AUTH_API.notificationSettings),
      providesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: build.mutation<
      { message: string; settings: NotificationSetting[] },
      NotificationSetting[]
    >({
      query: (settings) => ({
        url: apiPath(AUTH_API.notificationSettings),
        method: 'POST',
        body: { settings },
      }),
      invalidatesTags: ['NotificationSettings'],
    }),
    updateEmail: build.mutation<{ message: string }, string>({
      query: (newEmail) => ({ url: apiPath(AUTH_API.updateEmail), method: 'PUT', body: { newEmail } }),
    }),
    confirmEmailUpdate: build.mutation<{ message: string; email: string }, string>({
      query: (token) => ({
        url: apiPath(AUTH_API.confirmEmailUpdate),
        method: 'POST',
        body: { token },
        skipAuthRedirect: true,
      }),
    }),
  }),
});

export const {
  useGetPersonQuery,
  useSaveDetailsMutation,
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useUpdateEmailMutation,
  useConfirmEmailUpdateMutation,
} = settingsApi;
