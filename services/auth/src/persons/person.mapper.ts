import type { Person, PersonAddress } from '@portal/contracts';

export type PersonRow = Omit<Person, 'person_address' | 'person_prior_address' | 'person_image'> & {
  userId: string;
  stateName: string | null;
  priorStateName: string | null;
};

const addressOf = (a: {
  address: string | null;
  cityId: string | null;
  city: string | null;
  state: string | null;
  stateName: string | null;
  postcode: string | null;
  country: string | null;
  countryIso: string | null;
}): PersonAddress | null =>
  a.address || a.cityId || a.countryIso
    ? {
        address: a.address,
        city: a.cityId ? { id: a.cityId, name: a.city ?? '' } : null,
        state: a.state,
        state_name: a.stateName,
        postcode: a.postcode,
        country: a.countryIso
          ? { id: a.countryIso, iso_name: a.countryIso, name: a.country ?? a.countryIso }
          : null,
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
