import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { REJECTION_REASONS } from '../requests/types';
import { bareFileName } from '../file-name';
import { hasControl, RECORD_FILES } from '../uploads';
import { DATA_REQUEST_MAX_PAGE_SIZE, DATA_REQUEST_PAGE_SIZE, PROVIDER_UPLOAD_BATCH } from './api';

const id = (label: string) =>
  yup.string().trim().required(`${label} is required`).uuid(`${label} is not valid`);

/** What a facility may upload to a document request of each type: the record types' files (IMAGES_ONLY is imaging too). */
export const PROVIDER_UPLOADS = { ...RECORD_FILES, IMAGES_ONLY: RECORD_FILES.IMAGES } as const;

/** A folder path relative to the dropped folder (DICOM folders keep theirs): no absolute path, no "..". */
const relativePath = () =>
  yup
    .string()
    .trim()
    .required('Path is required')
    .max(1024, 'Path is too long')
    .test(
      'relative',
      'Path must stay inside the uploaded folder',
      (v) =>
        !v ||
        (!/^([/\\]|[A-Za-z]:)/.test(v) && !v.split(/[/\\]/).some((seg) => seg === '..') && !hasControl(v)),
    );

/** The inbox's orders: newest first (the spec's "created at, descending"), or the open requests that fall due first. */
export const DATA_REQUEST_SORTS = ['created', 'due'] as const;
export type DataRequestSort = (typeof DATA_REQUEST_SORTS)[number];

export const dataRequestsQuery = yup.object({
  search: yup.string().trim().max(100, 'Search is too long').default(''),
  sort: yup
    .string()
    .oneOf([...DATA_REQUEST_SORTS], 'sort must be created or due')
    .default('created'),
  page: yup
    .number()
    .typeError('page must be a number')
    .integer('page must be an integer')
    .min(0, 'page must not be negative')
    .default(0),
  pageSize: yup
    .number()
    .typeError('pageSize must be a number')
    .integer('pageSize must be an integer')
    .min(1, 'pageSize must be at least 1')
    .max(DATA_REQUEST_MAX_PAGE_SIZE, `pageSize must be at most ${DATA_REQUEST_MAX_PAGE_SIZE}`)
    .default(DATA_REQUEST_PAGE_SIZE),
});

export const providerUploadFormsSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  documentRequestId: id('documentRequestId'),
  files: yup
    .array(
      yup.object({
        fileName: bareFileName(),
        size: yup
          .number()
          .typeError('size must be a number')
          .integer()
          .min(1, 'The file is empty')
          .required('size is required'),
      }),
    )
    .required('files are required')
    .min(1, 'No file selected')
    .max(PROVIDER_UPLOAD_BATCH, `At most ${PROVIDER_UPLOAD_BATCH} files at a time`),
});

export const addDocumentsSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  documentRequestId: id('documentRequestId'),
  uploadedDocuments: yup
    .array(
      yup.object({
        key: yup.string().trim().required('key is required').max(300),
        file_name: bareFileName(),
        path: relativePath(),
      }),
    )
    .required('uploadedDocuments are required')
    .min(1, 'No file selected')
    .max(PROVIDER_UPLOAD_BATCH, `At most ${PROVIDER_UPLOAD_BATCH} files at a time`),
});

export const deleteDocumentSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  documentRequestId: id('documentRequestId'),
  documentId: id('documentId'),
});

export const patientRequestIdSchema = yup.object({ patientRequestId: id('patientRequestId') });

export const documentRequestRefSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  documentRequestId: id('documentRequestId'),
});

/** The reject side panel: a reason; notes only for OTHER, and then required. */
export const rejectDocumentRequestSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  documentRequestId: id('documentRequestId'),
  nrrType: yup
    .string()
    .required(MESSAGES.rejectReasonRequired)
    .oneOf([...REJECTION_REASONS], MESSAGES.rejectReasonRequired),
  otherReason: yup
    .string()
    .nullable()
    .transform((v) => (typeof v === 'string' ? v.trim() || null : v))
    .max(500, 'Max length is 500 characters')
    .when('nrrType', {
      is: 'OTHER',
      then: (s) => s.required(MESSAGES.rejectNotesRequired),
      otherwise: (s) => s.transform(() => null),
    }),
});

export const PROVIDER_RECORD_TABS = ['all', 'favourites', 'shared'] as const;
export const providerRecordsQuery = yup.object({
  tab: yup
    .string()
    .oneOf([...PROVIDER_RECORD_TABS], 'tab must be all, favourites or shared')
    .default('all'),
  search: yup.string().trim().max(100, 'Search is too long').default(''),
});

export const starRecordSchema = yup.object({
  documentId: id('documentId'),
  starred: yup.boolean().typeError('starred must be true or false').required('starred is required'),
});

/** A delivered record of the caller's facilities, by the id the welcome page lists it under. */
export const providerRecordParams = yup.object({ recordId: id('recordId') });

/** One report of a delivered record: the record, and a document of its request. */
export const providerRecordReportParams = yup.object({
  recordId: id('recordId'),
  documentId: id('documentId'),
});

/** A report's download identifier: a sealed token, base64url segments joined by dots. */
export const providerDownloadParams = yup.object({
  identifier: yup
    .string()
    .required('identifier is required')
    .max(4096, 'identifier is too long')
    .matches(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*)*$/, 'identifier is not valid'),
});
