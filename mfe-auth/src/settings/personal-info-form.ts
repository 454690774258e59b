import { DEFAULT_COUNTRY_CODE, isoToDdMmYyyy, personalInfoFormSchema } from '@portal/contracts';
import type { Person, SaveDetailsRequest } from '@portal/contracts';

/** The personal information form: the Person's fields as strings ('' for none). */
export interface PersonalInfoValues {
  firstName: string;
  middleName: string;
  lastName: string;
  priorLastName: string;
  /** YYYY-MM-DD, '' until the date input holds a good date. */
  dateOfBirth: string;
  countryCode: string;
  phone: string;
  address: string;
  /** Country iso. */
  country: string;
  cityId: string;
  /** The chosen city's name, shown in the city search; the server derives it from cityId. */
  city: string;
  state: string;
  postcode: string;
  priorAddress: string;
  priorCountry: string;
  priorCityId: string;
  priorCity: string;
  priorState: string;
  priorPostcode: string;
}

/** Save stays disabled until these are non-empty. */
export const REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'countryCode',
  'phone',
  'address',
  'country',
  'cityId',
  'state',
  'postcode',
] as const satisfies readonly (keyof PersonalInfoValues)[];

export const requiredFilled = (v: PersonalInfoValues): boolean =>
  REQUIRED_FIELDS.every((k) => v[k].trim() !== '');

/** Fields stored under the same name on the Person. */
const SAME_NAME = [
  'firstName',
  'middleName',
  'lastName',
  'priorLastName',
  'dateOfBirth',
  'address',
  'cityId',
  'city',
  'state',
  'postcode',
] as const;
const PRIOR = ['priorAddress', 'priorCityId', 'priorCity', 'priorState', 'priorPostcode'] as const;

export const valuesOf = (p: Person): PersonalInfoValues => ({
  ...(Object.fromEntries([...SAME_NAME, ...PRIOR].map((k) => [k, p[k] ?? ''])) as Record<
    (typeof SAME_NAME | typeof PRIOR)[number],
    string
  >),
  countryCode: p.country_code || DEFAULT_COUNTRY_CODE,
  phone: (p.phone ?? '').replace(/\D/g, ''),
  country: p.countryIso ?? '',
  priorCountry: p.priorCountryIso ?? '',
});

/**
 * The saveDetails body: the shared schema trims the texts, turns empty optional ones into null and
 * drops the city names; the date goes as DD/MM/YYYY.
 */
export const saveDetailsBody = (v: PersonalInfoValues): SaveDetailsRequest => ({
  ...personalInfoFormSchema.cast(v, { stripUnknown: true }),
  dateOfBirth: isoToDdMmYyyy(v.dateOfBirth),
});
