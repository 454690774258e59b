import { isoToMmDdYyyy, type RequestPatientRecordPayload } from '@portal/contracts';
import type { WizardState } from './state';

const dateOrNull = (iso: string) => (iso ? isoToMmDdYyyy(iso) : null);

/**
 * The request payload (requestPatientRecordSchema) from the wizard state: dates MM/DD/YYYY. A
 * provider request is sent as from the record custodian side; the contract has no provider filler,
 * so it travels as 'self' (see the notes of the wizard issue).
 */
export const buildPayload = (
  state: WizardState,
  opts: { provider: boolean; personId?: string | null },
): Record<keyof RequestPatientRecordPayload, unknown> => {
  const someoneElse = !opts.provider && state.requestFiller === 'someone_else';
  const p = state.patient;
  return {
    custodian_id: state.facilityId ?? '',
    custodianAliasId: state.custodianAliasId,
    requestFrom: opts.provider ? 'RECORD_CUSTODIAN' : 'PATIENT',
    requestFiller: someoneElse ? 'someone_else' : 'self',
    relationshipType: someoneElse ? state.relationshipType : null,
    relationship: someoneElse && state.relationshipType === 'family-member' ? state.relationship : null,
    relation: someoneElse ? state.relation || null : null,
    legalRelation: someoneElse && state.relationshipType === 'legally-appointed' ? state.legalRelation : null,
    isFamilyMember: someoneElse && state.relationshipType === 'family-member',
    legallyAuthorized: someoneElse ? state.consent.legallyAuthorised : false,
    familyMemberId: p.familyMemberId || null,
    personId: opts.personId ?? null,
    patientFirstName: p.firstName,
    patientMiddleName: p.middleName || null,
    patientLastName: p.lastName,
    patientDOB: p.dateOfBirth ? isoToMmDdYyyy(p.dateOfBirth) : '',
    patientEmail: p.email || null,
    phone: p.phone || null,
    address: p.address || null,
    city: p.city || null,
    state: p.state || null,
    postcode: p.postcode || null,
    mrn: opts.provider ? null : state.MRNNo || null,
    docReqType: state.docTypes,
    bodyParts: state.bodyParts,
    dateFrom: dateOrNull(state.dateFrom),
    dateTo: dateOrNull(state.dateTo),
    notes: state.notes,
    delegate: someoneElse ? state.delegate : undefined,
    idProof: state.idProofImage ?? undefined,
    legalDocOfAuthorization: state.legalDocs,
    signature: state.signature ?? '',
    electronicSignatureConsent: state.consent.electronicSignature,
    legallyAuthorisedConsent: someoneElse || opts.provider ? state.consent.legallyAuthorised : false,
  };
};
