import type { Custodian, CustodianTheme } from '@portal/contracts';

export interface CustodianRow {
  id: string;
  name: string;
  primary_address: string;
  city: string;
  state_name: string;
  state: string;
  postcode: string;
  phone: string | null;
  website: string | null;
  description: string | null;
  is_mrn_compulsory: boolean;
  theme: CustodianTheme;
}

/** The facility (custodian) shape of the spec. */
export const toCustodian = (r: CustodianRow): Custodian => ({
  id: r.id,
  name: r.name,
  address: { primary_address: r.primary_address, city: { name: r.city, state_name: r.state_name }, state: r.state, postcode: r.postcode },
  isMRNCompulsory: r.is_mrn_compulsory,
  description: r.description,
  phone: r.phone,
  website: r.website,
  theme: r.theme,
  aliases: [],
});
