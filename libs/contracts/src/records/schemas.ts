import * as yup from 'yup';
import { MESSAGES, othersFileType, yearLaterThan } from '../messages';
import { MYSELF_ID } from '../requests/types';
import { bareFileName } from '../file-name';
import { GRID_CHUNK_SIZE, RECORD_TYPES, type RecordType, recordTypeOfFile } from './types';

const id = (label: string) =>
  yup.string().trim().required(`${label} is required`).uuid(`${label} is not valid`);
const optionalId = (label: string) => yup.string().trim().uuid(`${label} is not valid`).optional();
const flag = (label: string) => yup.boolean().typeError(`${label} must be true or false`).default(false);

/** GET loadGrid's query. */
export const gridLoadQuery = yup.object({
  includeShared: flag('includeShared'),
  onlyFavourites: flag('onlyFavourites'),
  onlyShared: flag('onlyShared'),
  personId: optionalId('personId'),
  sharedByUserId: optionalId('sharedByUserId'),
  /** Beyond the spec's names: the sharing-details views, the owner's records one person they share with sees (sharing's patient_portal_user_id). */
  sharedWith: optionalId('sharedWith'),
});

export const gridCheckQuery = yup.object({ identifier: id('identifier') });

export const gridFetchQuery = yup.object({
  identifier: id('identifier'),
  chunkSize: yup
    .number()
    .typeError('chunkSize must be a number')
    .integer('chunkSize must be an integer')
    .min(1, 'chunkSize must be at least 1')
    .max(GRID_CHUNK_SIZE, `chunkSize must be at most ${GRID_CHUNK_SIZE}`)
    .default(GRID_CHUNK_SIZE),
  chunkOffset: yup
    .number()
    .typeError('chunkOffset must be a number')
    .integer('chunkOffset must be an integer')
    .min(0, 'chunkOffset must not be negative')
    .default(0),
});

/** GET studyData: `limit` answers only the newest requests (the shell asks for 1 to know whether the list is empty). */
export const studyDataQuery = yup.object({
  limit: yup
    .number()
    .typeError('limit must be a number')
    .integer('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .optional(),
});

export const recordsInitQuery = yup.object({ personId: optionalId('personId') });

export const starSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  cfindResponseId: id('cfindResponseId'),
  docReqType: yup.string().trim().required('docReqType is required').max(40, 'docReqType is too long'),
});

export const sharedStarSchema = yup.object({
  patientRequestId: id('patientRequestId'),
  studyUid: yup
    .string()
    .trim()
    .max(64, 'studyUid is too long')
    .matches(/^[0-9.]+$/, { message: 'studyUid is not a DICOM UID', excludeEmptyString: true })
    .nullable()
    .default(null),
  documentId: yup.string().trim().uuid('documentId is not valid').nullable().default(null),
  starred: yup.boolean().typeError('starred must be true or false').required('starred is required'),
});

/** GET the presigned form of one self-uploaded file. */
export const selfUploadFormQuery = yup.object({
  fileName: bareFileName(),
  size: yup
    .number()
    .typeError('size must be a number')
    .integer('size must be an integer')
    .min(1, 'size must be at least 1')
    .required('size is required'),
  recordType: yup
    .string()
    .oneOf([...RECORD_TYPES], 'recordType must be REPORTS, IMAGES or OTHERS')
    .required('recordType is required'),
});

/** 01/MM/YYYY with a month 1-12 and a year from 1900 to this year. */
const EXAM_DATE = /^01\/(0[1-9]|1[0-2])\/(\d{4})$/;

/** POST manuallyUploadImages (the server's rules; the dialog's form is uploadRecordForm). */
export const manualUploadSchema = yup.object({
  uploaded_images: yup
    .array(
      yup.object({
        id: yup
          .string()
          .trim()
          .required('id is required')
          .max(300, 'id is too long')
          .matches(/^[A-Za-z0-9/_-]+$/, 'id is not an upload key'),
        path: yup.string().trim().required('path is required').max(1024, 'path is too long'),
        file_name: bareFileName(),
      }),
    )
    .required(MESSAGES.noFileSelected)
    .min(1, MESSAGES.noFileSelected)
    .max(1, MESSAGES.oneFilePerUpload),
  family_member_id: yup.string().trim().uuid('family_member_id is not valid').nullable().default(null),
  personId: id('personId'),
  examDate: yup
    .string()
    .trim()
    .required(MESSAGES.yearRequired)
    .test('exam-date', 'examDate must be 01/MM/YYYY', (v) => {
      const m = EXAM_DATE.exec(v ?? '');
      return !!m && Number(m[2]) >= 1900 && Number(m[2]) <= new Date().getFullYear();
    }),
  // Not trimmed here: a leading space is refused with the spec's message (the use case trims the end).
  recordName: yup
    .string()
    .required(MESSAGES.recordNameRequired)
    .max(200, 'Record name is too long')
    .test('no-leading-space', MESSAGES.cannotStartWithSpace, (v) => !v || !/^\s/.test(v)),
  recordType: yup
    .string()
    .oneOf([...RECORD_TYPES], 'recordType must be REPORTS, IMAGES or OTHERS')
    .required('recordType is required'),
});

/** The file rule of a record type, by extension (records spec §5); null when the file fits. */
export const fileTypeMessage = (fileName: string | undefined, recordType: RecordType): string | null => {
  if (!fileName) return MESSAGES.noFileSelected;
  const ext = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  if (recordType === 'IMAGES') return ext === 'dcm' || ext === 'zip' ? null : MESSAGES.imagingFileType;
  if (recordType === 'REPORTS') return ext === 'pdf' ? null : MESSAGES.reportsFileType;
  return recordTypeOfFile(fileName) === 'OTHERS' ? null : othersFileType(ext);
};

/** The upload dialog's form (records spec §5), Formik's schema. `patientId` is a family member id or 'myself'. */
export const uploadRecordForm = () => {
  const currentYear = new Date().getFullYear();
  return yup.object({
    patientId: yup.string().required(MESSAGES.selectPatientName),
    recordName: yup
      .string()
      .required(MESSAGES.recordNameRequired)
      .test('no-leading-space', MESSAGES.cannotStartWithSpace, (v) => !v || !/^\s/.test(v)),
    examMonth: yup
      .number()
      .typeError(MESSAGES.monthRequired)
      .required(MESSAGES.monthRequired)
      .integer()
      .min(1)
      .max(12),
    examYear: yup
      .number()
      .transform((v, raw) => (raw === '' || raw === null || raw === undefined ? undefined : v))
      .typeError(MESSAGES.yearMustBeNumber)
      .integer(MESSAGES.yearMustBeInteger)
      .min(1900, MESSAGES.yearNotBefore1900)
      .max(currentYear, yearLaterThan(currentYear))
      .required(MESSAGES.yearRequired),
    recordType: yup
      .string()
      .oneOf([...RECORD_TYPES])
      .required(),
    fileName: yup
      .string()
      .required(MESSAGES.noFileSelected)
      .test('file-type', (v, ctx) => {
        const message = fileTypeMessage(v, ctx.parent.recordType as RecordType);
        return message ? ctx.createError({ message }) : true;
      }),
  });
};

/** family_member_id of the payload: null for Myself. */
export const familyMemberIdOf = (patientId: string): string | null =>
  patientId === MYSELF_ID ? null : patientId;
