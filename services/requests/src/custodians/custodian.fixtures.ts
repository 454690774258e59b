import type { CustodianSettingsRow } from './custodian.mapper';

/** A facility row with settings and one narrowing alias, for unit specs. */
export const settingsRow = (over: Partial<CustodianSettingsRow> = {}): CustodianSettingsRow => ({
  id: 'c1',
  name: 'St. Mary Imaging Center',
  primary_address: '120 Harbor Ave',
  city: 'Boston',
  state_name: 'Massachusetts',
  state: 'MA',
  postcode: '02110',
  phone: null,
  website: null,
  description: null,
  is_mrn_compulsory: true,
  theme: 'default',
  aliases: [{ id: 'a1', name: 'St. Mary East', organization_id: 'c1' }],
  doc_types: ['IMAGES', 'REPORTS'],
  body_parts: ['Head', 'Left knee'],
  display_date_range: true,
  logo_color: '#aa3300',
  alias_settings: [{ id: 'a1', doc_types: ['REPORTS'], body_parts: null }],
  ...over,
});
