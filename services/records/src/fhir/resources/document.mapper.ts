import type { Attachment, Binary, DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { docRequestTypeName } from '@portal/contracts';
import type { DocumentRow } from './resource-rows';
import { compact, instant, metaOf, patientReference, text } from './mapper-kit';

const LOINC = 'http://loinc.org';
/** LOINC 18748-4, "Diagnostic imaging study": what a facility's report of the patient's imaging is. */
const IMAGING_REPORT = { system: LOINC, code: '18748-4', display: 'Diagnostic imaging study' };

/** Who the document is from: the facility, or the patient (a self upload). */
const authorOf = (r: DocumentRow) =>
  r.manual_upload ? 'The patient' : (text(r.custodian_name) ?? undefined);

/** The document's bytes, fetched from Binary/<id> with the same token. */
const attachmentOf = (r: DocumentRow): Attachment =>
  compact<Attachment>({
    contentType: r.content_type,
    url: `Binary/${r.id}`,
    title: text(r.file_name),
    size: Number(r.size) >= 0 && Number(r.size) < 2 ** 31 ? Number(r.size) : undefined,
    creation: instant(r.created_at),
  });

/** A facility's (or the patient's uploaded) report document as a DiagnosticReport presenting it. */
export const toDiagnosticReport = (r: DocumentRow): DiagnosticReport => {
  const author = authorOf(r);
  const studies = r.study_ids ?? [];
  return compact<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    id: r.id,
    ...metaOf(r.created_at),
    status: 'final',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'RAD', display: 'Radiology' },
        ],
      },
    ],
    code: { coding: [IMAGING_REPORT], text: text(r.record_name) ?? text(r.file_name) ?? 'Report' },
    subject: patientReference(r.user_id),
    // The exam's date when the patient gave it (a self upload), else when the report came in.
    effectiveDateTime: r.exam_date ?? instant(r.created_at),
    issued: instant(r.created_at),
    performer: author ? [{ display: author }] : undefined,
    imagingStudy: studies.length ? studies.map((id) => ({ reference: `ImagingStudy/${id}` })) : undefined,
    presentedForm: [attachmentOf(r)],
  });
};

/** Every library document (reports, other documents, self uploads) as a DocumentReference to its bytes. */
export const toDocumentReference = (r: DocumentRow): DocumentReference => {
  const author = authorOf(r);
  const report = r.document_request_type === 'REPORTS';
  return compact<DocumentReference>({
    resourceType: 'DocumentReference',
    id: r.id,
    ...metaOf(r.created_at),
    status: 'current',
    type: report
      ? { coding: [IMAGING_REPORT], text: docRequestTypeName(r.document_request_type) }
      : { text: docRequestTypeName(r.document_request_type) || 'Document' },
    subject: patientReference(r.user_id),
    date: instant(r.created_at),
    author: author ? [{ display: author }] : undefined,
    description: text(r.record_name) ?? text(r.file_name),
    content: [{ attachment: attachmentOf(r) }],
    context: r.exam_date ? { period: { start: r.exam_date } } : undefined,
  });
};

/** A document's bytes as FHIR's Binary (base64), for an app that asks for FHIR JSON. */
export const toBinary = (
  doc: { id: string; content_type: string; created_at: Date },
  bytes: Buffer,
): Binary =>
  compact<Binary>({
    resourceType: 'Binary',
    id: doc.id,
    meta: { lastUpdated: instant(doc.created_at) },
    contentType: doc.content_type,
    // An empty file has no data element (FHIR has no empty strings).
    data: bytes.length ? bytes.toString('base64') : undefined,
  });
