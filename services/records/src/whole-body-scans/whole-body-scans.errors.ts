import { MESSAGES } from '@portal/contracts';
import { AppError, badRequest, fieldInvalid, forbidden, notFound } from '@portal/server-kit';

/**
 * Every failure of whole body scans, in the shared vocabulary. Another patient's scan, finding,
 * document or task, and another facility's consultation, answer exactly like missing ones.
 */
export const scanNotFound = () => notFound('Whole body scan');
export const findingNotFound = () => notFound('Finding');
export const documentNotFound = () => notFound('Document');
export const videoReportNotFound = () => notFound('Video report');
export const followUpNotFound = () => notFound('Follow-up');
export const consultationNotFound = () => notFound('Consultation');
export const patientRequestNotFound = () => notFound('Patient request');
/** The caller is staff of no whole-body-scan facility. */
export const notScanFacilityStaff = () =>
  forbidden('Only the staff of a whole body scan facility can do this');
/** Saving the consultation failed for a reason of ours (records spec §8 wording). */
export const consultationFailed = () => new AppError('SERVICE.UNAVAILABLE', MESSAGES.consultationFailed);
/** A consultation that is completed or cancelled takes no new meeting. */
export const consultationClosed = () =>
  new AppError('RESOURCE.CONFLICT', 'This consultation is closed; no meeting can be scheduled');
/** Something a published scan names is not the facility's or the patient's (nothing is written). */
export const scanInputInvalid = (field: string, message: string) => fieldInvalid(field, message);
/** An uploaded report file whose bytes are not of its kind (checked by magic bytes, never by name). */
export const reportFileInvalid = (field: string, kind: 'PDF' | 'video') =>
  fieldInvalid(
    field,
    kind === 'PDF' ? 'The report file is not a PDF' : 'The video report is not an MP4 or WebM video',
  );
/** A key no upload form of this caller handed out, or one already published. */
export const uploadKeyRefused = (field: string) =>
  fieldInvalid(field, 'The file was not uploaded through your upload form');
export const uploadKeyUsed = () =>
  new AppError('RESOURCE.CONFLICT', 'This uploaded file is already published');
/** The FHIR DiagnosticReport is not one we take: why, and where. */
export const fhirInvalid = (message: string, errors?: Record<string, string>) =>
  badRequest(`Invalid FHIR DiagnosticReport: ${message}`, errors);
