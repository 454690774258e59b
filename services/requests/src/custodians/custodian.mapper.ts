import {
  type AuthorizationFormTemplate,
  type BodyPart,
  type Custodian,
  type CustodianAlias,
  type CustodianDetails,
  type CustodianRequestFee,
  type CustodianTheme,
  type DocRequestType,
  type DocumentRequestTypeOption,
  docRequestTypeName,
  REQUEST_FEE_CURRENCY,
} from '@portal/contracts';

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
  /** Set for a facility a patient named (issue 24): only that patient sees it. */
  owner_user_id?: string | null;
  /** Where an unlisted facility's request is mailed (typed by the patient, unproved). */
  email?: string | null;
  /** Aggregated by the repository's queries (json). */
  aliases?: CustodianAlias[] | null;
  /** Issue 30: the fee for a records request in cents (null: none), and its currency. */
  request_fee_cents?: number | null;
  request_fee_currency?: string | null;
}

/** A facility with its settings, as the wizard needs it (doc types and body parts per alias too). */
export interface CustodianSettingsRow extends CustodianRow {
  doc_types: DocRequestType[];
  body_parts: string[];
  display_date_range: boolean;
  logo_color: string;
  alias_settings?: Array<{
    id: string;
    doc_types: DocRequestType[] | null;
    body_parts: string[] | null;
  }> | null;
}

/** The facility (custodian) shape of the spec. */
export const toCustodian = (r: CustodianRow): Custodian => ({
  id: r.id,
  name: r.name,
  address: {
    primary_address: r.primary_address,
    city: { name: r.city, state_name: r.state_name },
    state: r.state,
    postcode: r.postcode,
  },
  isMRNCompulsory: r.is_mrn_compulsory,
  description: r.description,
  phone: r.phone,
  website: r.website,
  theme: r.theme,
  aliases: r.aliases ?? [],
});

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/**
 * The facility logo when it has none of its own: its initials on its colour, an SVG data URI (no
 * file to store or serve). The colour is validated as #rrggbb so nothing can break out of the markup.
 */
export const initialsLogo = (name: string, color: string): string => {
  const fill = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1565c0';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="${fill}"/><text x="48" y="60" font-family="Arial,Helvetica,sans-serif" font-size="36" font-weight="700" fill="#ffffff" text-anchor="middle">${initials(name)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export const toDocTypeOptions = (types: readonly DocRequestType[]): DocumentRequestTypeOption[] =>
  types.map((mnemonic) => ({ id: mnemonic, name: docRequestTypeName(mnemonic), mnemonic }));

/** A body part's id is its name in kebab case: stable, readable, and the payload may send either. */
export const bodyPartId = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const toBodyParts = (names: readonly string[]): BodyPart[] =>
  names.map((name) => ({ id: bodyPartId(name), name }));

/** Issue 30: what the facility charges for a records request, or null when nothing. */
export const requestFeeOf = (
  r: Pick<CustodianRow, 'request_fee_cents' | 'request_fee_currency'>,
): CustodianRequestFee | null =>
  r.request_fee_cents
    ? { amountCents: r.request_fee_cents, currency: r.request_fee_currency || REQUEST_FEE_CURRENCY }
    : null;

export const toCustodianDetails = (r: CustodianSettingsRow): CustodianDetails => ({
  ...toCustodian(r),
  value: { image_data: initialsLogo(r.name, r.logo_color) },
  docTypes: toDocTypeOptions(r.doc_types),
  requestFee: requestFeeOf(r),
});

/** What a facility, or one of its aliases (when it narrows them), offers in the wizard. */
export const offeredBy = (
  r: CustodianSettingsRow,
  aliasId?: string | null,
): { docTypes: DocRequestType[]; bodyParts: string[] } => {
  const alias = aliasId ? r.alias_settings?.find((a) => a.id === aliasId) : undefined;
  return { docTypes: alias?.doc_types ?? r.doc_types, bodyParts: alias?.body_parts ?? r.body_parts };
};

export const authorizationTemplate = (facilityName: string): AuthorizationFormTemplate => ({
  title: 'Authorization for Release of Protected Health Information',
  text: [
    `I authorize ${facilityName} to release the medical records and images described in this request to me, or to the person I appoint, through the Patient Portal.`,
    `This authorization covers the record types, body parts and dates selected in this request. It expires one year from the date signed unless I revoke it earlier in writing to ${facilityName}.`,
    `I understand that I may revoke this authorization at any time, except where ${facilityName} has already acted on it, and that my treatment does not depend on signing it.`,
    'I confirm that the information I gave is true and that I am the patient or legally authorised to act for the patient.',
  ].join('\n\n'),
});
