import type { AuditEvent, AuditEventAgent } from '@medplum/fhirtypes';
import type { AuditRow } from './resource-rows';
import { compact, instant, patientReference, text } from './mapper-kit';

/** The portal's own audit action names and resource kinds, as FHIR codes and identifiers. */
const ACTION_SYSTEM = 'urn:portal:audit-action';
const FHIR_CODE = /^[^\s]+(\s[^\s]+)*$/;

/** What an audit action did, in AuditEvent.action's words (C create, R read, U update, D delete, E execute). */
export const auditActionOf = (action: string): AuditEvent['action'] => {
  const verb = action.split(/[.-]/).pop() ?? '';
  if (/^(read|searched|everything|exported|queried|viewed|downloaded|opened)$/.test(verb)) return 'R';
  if (
    /^(created|stored|uploaded|delivered|submitted|shared|started|requested|published|registered)$/.test(verb)
  )
    return 'C';
  if (/^(changed|updated|starred|unstarred|named|saved|renamed)$/.test(verb)) return 'U';
  if (/^(removed|deleted|revoked|cancelled)$/.test(verb)) return 'D';
  return 'E';
};

/**
 * One of records' audit rows about the patient (who did what to their record, when and from where) as
 * an AuditEvent. The actor is the patient themself or another account (named by id only: records keeps
 * no other people's names); an app's reads name the app too.
 */
export const toAuditEvent = (r: AuditRow): AuditEvent => {
  const detail = r.detail ?? {};
  const byPatient = r.actor_id && r.actor_id === r.subject_id;
  const actor: AuditEventAgent = compact<AuditEventAgent>({
    who: byPatient
      ? patientReference(r.actor_id!)
      : r.actor_id
        ? { identifier: { system: 'urn:portal:user', value: String(r.actor_id) } }
        : { display: 'The portal' },
    requestor: true,
    network: text(r.ip) ? { address: text(r.ip), type: '2' } : undefined,
  });
  const app =
    typeof detail.clientId === 'string' && detail.clientId
      ? [
          {
            type: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                  code: 'DEV',
                  display: 'device',
                },
              ],
            },
            who: { identifier: { system: 'urn:portal:smart-client', value: detail.clientId } },
            requestor: false,
          },
        ]
      : [];
  const resource = text(r.resource_type);
  return compact<AuditEvent>({
    resourceType: 'AuditEvent',
    id: String(r.id),
    meta: { lastUpdated: instant(r.at) },
    type: r.action.startsWith('records.fhir-')
      ? {
          system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
          code: 'rest',
          display: 'RESTful Operation',
        }
      : { system: 'http://dicom.nema.org/resources/ontology/DCM', code: '110110', display: 'Patient Record' },
    subtype: FHIR_CODE.test(r.action) ? [{ system: ACTION_SYSTEM, code: r.action }] : undefined,
    action: auditActionOf(r.action),
    recorded: instant(r.at),
    outcome: '0',
    agent: [actor, ...app],
    source: { observer: { display: 'Patient Portal, records' } },
    entity: [
      compact({
        what: patientReference(r.subject_id),
        role: { system: 'http://terminology.hl7.org/CodeSystem/object-role', code: '1', display: 'Patient' },
      }),
      ...(resource && text(r.resource_id)
        ? [
            {
              what: {
                identifier: {
                  system: `urn:portal:${resource.replace(/[^\w-]/g, '_')}`,
                  value: text(r.resource_id),
                },
              },
            },
          ]
        : []),
    ],
  });
};
