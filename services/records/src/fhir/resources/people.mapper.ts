import type { Consent, Patient, RelatedPerson } from '@medplum/fhirtypes';
import { compact, humanNames, instant, metaOf, patientReference } from './mapper-kit';
import type { ConsentRow, PatientRow, RelatedPersonRow } from './resource-rows';

/** The account holder: the patient in every token's context (their user id is the Patient id). */
export const toPatient = (r: PatientRow): Patient =>
  compact<Patient>({
    resourceType: 'Patient',
    id: r.user_id,
    ...metaOf(r.updated_at),
    active: true,
    name: humanNames(r.first_name, r.last_name),
    birthDate: r.date_of_birth ?? undefined,
  });

/** A family member on the account: a person related to the patient (the relationship is not kept). */
export const toRelatedPerson = (r: RelatedPersonRow): RelatedPerson =>
  compact<RelatedPerson>({
    resourceType: 'RelatedPerson',
    id: r.id,
    ...metaOf(r.updated_at),
    active: true,
    patient: patientReference(r.user_id),
    name: humanNames(r.first_name, r.last_name),
  });

/** Whether a share lets its recipient in now: switched on and not past its expiry. */
export const shareIsActive = (r: Pick<ConsentRow, 'enabled' | 'expires_at'>, now = new Date()): boolean =>
  !!r.enabled && (!r.expires_at || new Date(r.expires_at) > now);

/**
 * A share the patient made (sharing's access grant, as records keeps it) as a privacy Consent: the
 * patient permits the recipient (by name; their address stays in the portal) to read everything or
 * the listed studies and documents, until its expiry.
 */
export const toConsent = (r: ConsentRow, now = new Date()): Consent => {
  const shared = r.shared ?? [];
  return compact<Consent>({
    resourceType: 'Consent',
    id: r.recipient_id,
    ...metaOf(r.updated_at),
    status: shareIsActive(r, now) ? 'active' : 'inactive',
    scope: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
          display: 'Privacy Consent',
        },
      ],
    },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
    patient: patientReference(r.owner_user_id),
    dateTime: r.updated_at ? instant(r.updated_at) : undefined,
    performer: [patientReference(r.owner_user_id)],
    policyRule: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'OPTIN', display: 'opt-in' },
      ],
    },
    // A limited share whose items are all gone opens nothing: it permits nothing rather than everything.
    provision: compact({
      type: r.all_records || shared.length ? ('permit' as const) : ('deny' as const),
      period: r.expires_at ? { end: instant(r.expires_at) } : undefined,
      actor: [
        {
          role: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                code: 'IRCP',
                display: 'information recipient',
              },
            ],
          },
          reference: { display: r.name?.trim() || 'A person you shared with' },
        },
      ],
      action: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentaction', code: 'access' }] },
      ],
      // Everything (allRecords) names nothing; a limited share names what it opens.
      data:
        !r.all_records && shared.length
          ? shared.map((reference) => ({ meaning: 'instance' as const, reference: { reference } }))
          : undefined,
    }),
  });
};
