import type { Person, PersonAddress } from '@portal/contracts';

/** One indexed read of a person with both address sets: this is the hottest call of the settings pages. */
export const PERSON_SQL = `SELECT p.id, p.user_id AS "userId", p.first_name AS "firstName", p.last_name AS "lastName", p.middle_name AS "middleName",
  p.prior_last_name AS "priorLastName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", p.email, p.phone, p.country_code,
  p.address, p.city_id AS "cityId", p.city, p.state, p.state_name AS "stateName", p.postcode, p.country, p.country_iso AS "countryIso",
  p.prior_address AS "priorAddress", p.prior_city_id AS "priorCityId", p.prior_city AS "priorCity", p.prior_state AS "priorState",
  p.prior_state_name AS "priorStateName", p.prior_postcode AS "priorPostcode", p.prior_country AS "priorCountry", p.prior_country_iso AS "priorCountryIso",
  EXISTS (SELECT 1 FROM auth.person_images i WHERE i.person_id = p.id AND i.kind = 'photo') AS has_image
  FROM auth.persons p WHERE p.id = $1`;

export type PersonRow = Omit<Person, 'person_address' | 'person_prior_address' | 'person_image'> & { userId: string; stateName: string | null; priorStateName: string | null };

const addressOf = (a: { address: string | null; cityId: string | null; city: string | null; state: string | null; stateName: string | null; postcode: string | null; country: string | null; countryIso: string | null }): PersonAddress | null =>
  a.address || a.cityId || a.countryIso
    ? {
        address: a.address,
        city: a.cityId ? { id: a.cityId, name: a.city ?? '' } : null,
        state: a.state,
        state_name: a.stateName,
        postcode: a.postcode,
        country: a.countryIso ? { id: a.countryIso, iso_name: a.countryIso, name: a.country ?? a.countryIso } : null,
      }
    : null;

/** The spec's person: flat fields plus person_address and person_prior_address. */
export const toPerson = ({ userId: _owner, stateName, priorStateName, ...row }: PersonRow): Person => ({
  ...row,
  person_address: addressOf({ ...row, stateName }),
  person_prior_address: addressOf({
    address: row.priorAddress,
    cityId: row.priorCityId,
    city: row.priorCity,
    state: row.priorState,
    stateName: priorStateName,
    postcode: row.priorPostcode,
    country: row.priorCountry,
    countryIso: row.priorCountryIso,
  }),
});
