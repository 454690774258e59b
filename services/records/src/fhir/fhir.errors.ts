import { AppError, badRequest, forbidden, notFound } from '@portal/server-kit';

/**
 * Every failure of the FHIR API, in the shared vocabulary (the FHIR controllers' filter answers each
 * as an OperationOutcome). Another patient's resource answers exactly like a missing one, so ids
 * cannot be probed.
 */
export const resourceNotFound = (type: string, id: string) => notFound(`${type}/${id.slice(0, 64)}`);
export const unknownResourceType = (type: string) =>
  new AppError('RESOURCE.NOT_FOUND', `This server serves no resource type ${type.slice(0, 64)}`);
export const notSearchable = (type: string) =>
  badRequest(`${type} is read by id only: search for the resources that refer to it`);
export const invalidSearchParameter = (name: string, why: string) =>
  badRequest(`Search parameter ${name}: ${why}`, { [name]: why });
/** The API is read-only: a write the scopes would allow is still not offered. */
export const writeNotAllowed = () =>
  new AppError('REQUEST.METHOD_NOT_ALLOWED', 'This FHIR server is read-only', undefined, { allow: 'GET' });
export const writeNotInScope = (type: string) =>
  forbidden(`The token's scopes do not allow changing ${type.slice(0, 64)}`);
export const noTypeInScope = () => forbidden("The token's scopes allow searching no resource type");

/** Bulk Data Access 2.0 kick-off rules. */
export const preferAsyncRequired = () =>
  badRequest('A Bulk Data export runs asynchronously: send the header Prefer: respond-async');
export const outputFormatUnsupported = () =>
  badRequest('_outputFormat must be application/fhir+ndjson (or application/ndjson, ndjson)');
export const exportNotFound = () => notFound('Export');
export const exportFileNotFound = () => notFound('Export file');
/** A failed or abandoned export answers its status with an error (Bulk Data "Response - Error Status"). */
export const exportFailed = (why: string | null) =>
  new AppError('INTERNAL.ERROR', why ?? 'The export stopped before it finished; start it again');
export const exportAlreadyRunning = () =>
  new AppError(
    'REQUEST.RATE_LIMITED',
    'An export of this record is already running: wait for it to finish',
    undefined,
    {
      'retry-after': '10',
    },
  );
