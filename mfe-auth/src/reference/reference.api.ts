import {
  AUTH_API,
  type TimeZoneOption,
  type City,
  type Country,
  type CountryCode,
  type FamilyMemberType,
} from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';

/** Reference data of the auth context: it changes rarely, so it is kept for an hour. */
export const referenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTimezones: build.query<TimeZoneOption[], void>({
      query: () => apiPath(AUTH_API.timezones),
      keepUnusedDataFor: 3600,
    }),
    getCountries: build.query<Country[], void>({
      query: () => apiPath(AUTH_API.countries),
      keepUnusedDataFor: 3600,
    }),
    getCountryCodes: build.query<CountryCode[], void>({
      query: () => apiPath(AUTH_API.countryCodes),
      keepUnusedDataFor: 3600,
    }),
    getFamilyMemberTypes: build.query<FamilyMemberType[], void>({
      query: () => apiPath(AUTH_API.familyMemberTypes),
      keepUnusedDataFor: 3600,
    }),
    getCities: build.query<City[], { filterStr: string; countryIso: string }>({
      query: ({ filterStr, countryIso }) =>
        `${apiPath(AUTH_API.getCities)}?filterStr=${encodeURIComponent(filterStr)}&countryIso=${encodeURIComponent(countryIso)}`,
    }),
  }),
});

export const {
  useGetTimezonesQuery,
  useGetCountriesQuery,
  useGetCountryCodesQuery,
  useGetFamilyMemberTypesQuery,
  useGetCitiesQuery,
} = referenceApi;
