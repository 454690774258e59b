import * as yup from 'yup';
import type { FindingInput, FindingOutcome, PatientSex } from '@portal/contracts';

/**
 * The subset of FHIR R4 we take for a whole body scan (decision: @medplum/core, the maintained
 * validator, needs Node 22; this portal runs on Node 20, so the subset is checked strictly here):
 *
 * - DiagnosticReport: status final | amended | corrected | appended; code; subject.identifier.value =
 *   the patient request id at the facility; effectiveDateTime (→ scan date); result[] of '#id'
 *   references to contained Observations (the findings); presentedForm[] of application/pdf attachments
 *   with base64 data (→ PDF reports of the first finding); a contained Patient's gender (→ patient sex).
 * - Observation (contained): code.text or code.coding[0].display names the facility's finding type;
 *   interpretation[0].coding[0].code (HL7 v3 ObservationInterpretation) gives the outcome, or our
 *   extension WBS_OUTCOME_EXTENSION its mnemonic; valueString and note[] give the pathology (name and
 *   description); hasMember[] '#id' references nest child findings.
 *
 * Anything else of the resources is ignored; what we read must be well formed, and an unknown key of
 * ours (another resourceType in `contained`) is refused.
 */
export const WBS_OUTCOME_EXTENSION = 'https://portal.example/fhir/StructureDefinition/wbs-finding-outcome';

/** FHIR dateTime (R4 §2.24.0.1): a year, a date, or a date and time with a zone. */
const FHIR_DATE_TIME =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$/;
/** FHIR id: letters, digits, '-' and '.', 1 to 64. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_PDF_BYTES = 10 * 1024 * 1024;

const coding = yup.object({
  system: yup.string().max(1024),
  code: yup.string().max(256),
  display: yup.string().max(1024),
});
const codeableConcept = yup.object({
  text: yup.string().max(1024),
  coding: yup.array(coding).max(20),
});
const localReference = yup.object({
  reference: yup
    .string()
    .matches(/^#[A-Za-z0-9\-.]{1,64}$/, 'must reference a contained resource (#id)')
    .required('reference is required'),
});

const observation = yup.object({
  resourceType: yup.string().oneOf(['Observation']).required(),
  id: yup.string().matches(FHIR_ID, 'id must be a FHIR id').required('id is required'),
  status: yup
    .string()
    .oneOf([
      'registered',
      'preliminary',
      'final',
      'amended',
      'corrected',
      'cancelled',
      'entered-in-error',
      'unknown',
    ])
    .required('status is required'),
  code: codeableConcept.required('code is required'),
  interpretation: yup.array(codeableConcept).max(10),
  valueString: yup.string().max(200),
  note: yup.array(yup.object({ text: yup.string().max(4000).required('note text is required') })).max(10),
  hasMember: yup.array(localReference).max(50),
  extension: yup
    .array(yup.object({ url: yup.string().max(1024).required(), valueCode: yup.string().max(64) }))
    .max(20),
});
const patient = yup.object({
  resourceType: yup.string().oneOf(['Patient']).required(),
  id: yup.string().matches(FHIR_ID, 'id must be a FHIR id').required('id is required'),
  gender: yup.string().oneOf(['male', 'female', 'other', 'unknown']),
});

export const diagnosticReportSchema = yup.object({
  resourceType: yup
    .string()
    .oneOf(['DiagnosticReport'], 'resourceType must be DiagnosticReport')
    .required('resourceType is required'),
  status: yup
    .string()
    .oneOf(
      ['final', 'amended', 'corrected', 'appended'],
      'status must be final, amended, corrected or appended',
    )
    .required('status is required'),
  code: codeableConcept.required('code is required'),
  subject: yup
    .object({
      identifier: yup
        .object({
          system: yup.string().max(1024),
          value: yup.string().uuid('subject.identifier.value must be a patient request id').required(),
        })
        .required('subject.identifier is required'),
    })
    .required('subject is required'),
  effectiveDateTime: yup
    .string()
    .matches(FHIR_DATE_TIME, 'effectiveDateTime must be a FHIR dateTime')
    .test('day', 'effectiveDateTime must name a day', (v) => !v || v.length >= 10)
    .required('effectiveDateTime is required'),
  contained: yup
    .array(
      yup.lazy((v: { resourceType?: string }) =>
        v?.resourceType === 'Patient' ? patient : observation,
      ) as unknown as typeof observation,
    )
    .max(200)
    .default([]),
  result: yup
    .array(localReference)
    .min(1, 'result needs at least one finding')
    .max(200)
    .required('result is required'),
  presentedForm: yup
    .array(
      yup.object({
        contentType: yup
          .string()
          .oneOf(['application/pdf'], 'presentedForm must be application/pdf')
          .required(),
        data: yup
          .string()
          .max(Math.ceil((MAX_PDF_BYTES * 4) / 3) + 4, 'presentedForm is too large')
          .matches(BASE64, 'presentedForm data must be base64')
          .required(),
        title: yup.string().max(200),
      }),
    )
    .max(5)
    .default([]),
});

export type FhirDiagnosticReport = yup.InferType<typeof diagnosticReportSchema>;
type FhirObservation = yup.InferType<typeof observation>;

/** HL7 v3 ObservationInterpretation codes as the outcome of a finding. */
const INTERPRETATION: Record<string, FindingOutcome> = {
  N: 'NO_ADVERSE_FINDING',
  NEG: 'NO_ADVERSE_FINDING',
  IND: 'INFORMATIONAL_FINDING',
  I: 'INFORMATIONAL_FINDING',
  A: 'MINOR_FINDING',
  L: 'MINOR_FINDING',
  H: 'MINOR_FINDING',
  AA: 'MAJOR_FINDING',
  HH: 'MAJOR_FINDING',
  LL: 'MAJOR_FINDING',
  HU: 'MAJOR_FINDING',
  LU: 'MAJOR_FINDING',
  POS: 'MAJOR_FINDING',
};

export interface MappedReport {
  patientRequestId: string;
  scanDate: string;
  patientSex: PatientSex;
  /** Findings with finding type names still to resolve (findingTypeId holds the name). */
  findings: FindingInput[];
  pdfs: Array<{ fileName: string; bytes: Buffer }>;
}

export class FhirMappingError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const outcomeOf = (o: FhirObservation): FindingOutcome => {
  const ext = o.extension?.find((e) => e.url === WBS_OUTCOME_EXTENSION)?.valueCode;
  if (ext) {
    if (
      !(
        ['NO_ADVERSE_FINDING', 'INFORMATIONAL_FINDING', 'MINOR_FINDING', 'MAJOR_FINDING'] as string[]
      ).includes(ext)
    )
      throw new FhirMappingError(`unknown outcome ${ext}`, `contained.${o.id}.extension`);
    return ext as FindingOutcome;
  }
  const code = o.interpretation?.[0]?.coding?.[0]?.code;
  if (!code) return 'NO_ADVERSE_FINDING';
  const outcome = INTERPRETATION[code.toUpperCase()];
  if (!outcome)
    throw new FhirMappingError(`unknown interpretation ${code}`, `contained.${o.id}.interpretation`);
  return outcome;
};

/** A validated report as a publish input; finding types are still names (the facility's are matched after). */
export const mapDiagnosticReport = (r: FhirDiagnosticReport): MappedReport => {
  const contained = r.contained ?? [];
  const observations = new Map(
    contained.filter((c) => c.resourceType === 'Observation').map((o) => [o.id, o as FhirObservation]),
  );
  const used = new Set<string>();
  const finding = (ref: string, field: string, depth: number): FindingInput => {
    const id = ref.slice(1);
    const o = observations.get(id);
    if (!o) throw new FhirMappingError(`${ref} is not a contained Observation`, field);
    if (used.has(id) || depth > 5)
      throw new FhirMappingError(`${ref} is used twice or nested too deep`, field);
    used.add(id);
    const name = (o.code.text ?? o.code.coding?.[0]?.display ?? '').trim();
    if (!name)
      throw new FhirMappingError('an Observation names no finding type (code.text)', `contained.${id}.code`);
    const note = (o.note ?? [])
      .map((n) => n.text.trim())
      .filter(Boolean)
      .join('\n\n');
    return {
      findingTypeId: name,
      outcome: outcomeOf(o),
      pathology:
        o.valueString || note
          ? { name: (o.valueString ?? `${name} finding`).trim(), description: note }
          : null,
      priorFindingId: null,
      keyImages: [],
      pdfReports: [],
      nextSteps: [],
      children: (o.hasMember ?? []).map((m, i) =>
        finding(m.reference, `contained.${id}.hasMember[${i}]`, depth + 1),
      ),
    };
  };
  const findings = r.result.map((ref, i) => finding(ref.reference, `result[${i}]`, 0));
  const gender = (contained as Array<{ resourceType: string; gender?: string }>).find(
    (c) => c.resourceType === 'Patient',
  )?.gender;
  const pdfs = (r.presentedForm ?? []).map((f, i) => {
    const bytes = Buffer.from(f.data, 'base64');
    if (bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new FhirMappingError('presentedForm is not a PDF', `presentedForm[${i}].data`);
    return {
      fileName: `${(f.title ?? 'Report').replace(/[^\p{L}\p{N} ()_-]+/gu, '_').slice(0, 100)}.pdf`,
      bytes,
    };
  });
  return {
    patientRequestId: r.subject.identifier.value,
    scanDate: r.effectiveDateTime.slice(0, 10),
    patientSex: gender === 'male' ? 'MALE' : gender === 'female' ? 'FEMALE' : 'OTHER',
    findings,
    pdfs,
  };
};
