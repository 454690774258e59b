import { AppError, fieldInvalid, notFound } from '@portal/server-kit';

/** Every failure the provider context answers with, in the shared vocabulary. */

/** A request of another facility answers exactly like a missing one, so ids cannot be probed. */
export const dataRequestNotFound = () => notFound('Data request');
export const documentRequestNotFound = () => notFound('Document request');
export const documentNotFound = () => notFound('Document');
export const recordNotFound = () => notFound('Record');
/** A delivered document that is no DICOM study (a report): there is nothing for the viewer to open. */
/** A report identifier that is forged, altered or past its lifetime. */
export const reportLinkExpired = () =>
  new AppError('RESOURCE.NOT_FOUND', 'This report link has expired. Please open the report again.');
export const recordHasNoStudy = () =>
  new AppError('RESOURCE.NOT_FOUND', 'This record has no imaging study to view');
export const alreadySubmitted = () =>
  new AppError('RESOURCE.CONFLICT', 'The records of this request have already been submitted');
export const documentRequestRejected = () =>
  new AppError('RESOURCE.CONFLICT', 'This document request is rejected; cancel the rejection to upload');
export const alreadyRejected = () =>
  new AppError('RESOURCE.CONFLICT', 'This document request is already rejected');
export const notRejected = () => new AppError('RESOURCE.CONFLICT', 'This document request is not rejected');
export const nothingToSubmit = () =>
  fieldInvalid('patientRequestId', 'Upload at least one document before submitting');
/** A key the upload form of this document request did not hand out, or one already kept. */
export const uploadKeyInvalid = (fileName: string) =>
  fieldInvalid(`uploadedDocuments.${fileName}`, "The file was not uploaded through this request's form");
export const uploadKeyUsed = (_fileName: string) =>
  new AppError('RESOURCE.CONFLICT', 'This upload is already kept');
/** Zip archives and DICOM files cannot be shown in a browser. */
export const documentNotOpenable = () =>
  new AppError('FILE.INVALID_TYPE', 'This document cannot be opened in the browser');
