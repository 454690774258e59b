/** yup schemas of whole body scans and video meetings: the screens and the records context validate alike. */
import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { FINDING_OUTCOMES, PATIENT_SEXES, type FindingInput } from './types';

const uuid = (label: string) =>
  yup.string().trim().uuid(`${label} must be a uuid`).required(`${label} is required`);
const text = (max: number) =>
  yup
    .string()
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .max(max, `At most ${max} characters`);
const isoDate = (label: string) =>
  yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .test('real', `${label} must be a real date`, (v) => !v || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
/** DICOM UIDs: digits and dots, at most 64 (PS3.5 9.1); they name files nowhere, but are checked all the same. */
const dicomUid = (label: string) =>
  yup
    .string()
    .matches(/^[0-9]+(\.[0-9]+)*$/, `${label} must be a DICOM UID`)
    .max(64, `${label} must be a DICOM UID`)
    .required(`${label} is required`);
const uploadKey = () => text(512).required('Upload key is required');
const fileName = () => text(255).required('File name is required');

/** The note is required (records spec §6: "a note accompanies wholeBodyScanId"). */
export const consultationSchema = yup.object({
  wholeBodyScanId: uuid('Whole body scan'),
  note: text(2000).required(MESSAGES.consultationNoteRequired),
});

/** How deep findings nest (a finding, the findings inside it, and theirs): a bound, not recursion, so the schema describes itself (OpenAPI) finitely. */
export const FINDING_DEPTH = 3;

const findingSchema = (depth: number): yup.ObjectSchema<FindingInput> =>
  yup.object({
    findingTypeId: uuid('Finding type'),
    outcome: yup
      .mixed<FindingInput['outcome']>()
      .oneOf([...FINDING_OUTCOMES], 'Unknown outcome')
      .required('Outcome is required'),
    pathology: yup
      .object({
        name: text(200).required('Pathology name is required'),
        description: text(4000).default(''),
      })
      .nullable()
      .default(null),
    priorFindingId: yup.string().uuid('Prior finding must be a uuid').nullable().default(null),
    keyImages: yup
      .array(
        yup.object({
          studyInstanceUid: dicomUid('Study'),
          seriesInstanceUid: dicomUid('Series'),
          sopInstanceUid: dicomUid('Instance'),
          frame: yup.number().integer().min(1).max(100_000).default(1),
          caption: text(200).default(''),
        }),
      )
      .max(50)
      .default([]),
    pdfReports: yup
      .array(yup.object({ uploadKey: uploadKey(), fileName: fileName() }))
      .max(20)
      .default([]),
    nextSteps: yup
      .array(
        yup.object({
          title: text(200).required('Title is required'),
          subtitle: text(200).default(''),
          content: text(4000).default(''),
          enable: yup.boolean().default(true),
          dueDate: isoDate('Due date').nullable().default(null),
        }),
      )
      .max(20)
      .default([]),
    children:
      depth > 1
        ? yup
            .array(findingSchema(depth - 1))
            .max(50)
            .default([])
        : yup.array().max(0, `Findings nest at most ${FINDING_DEPTH} deep`).default([]),
  }) as unknown as yup.ObjectSchema<FindingInput>;

export const publishScanSchema = yup.object({
  patientRequestId: uuid('Patient request'),
  scanDate: isoDate('Scan date')
    .required('Scan date is required')
    .test(
      'past',
      'Scan date cannot be in the future',
      (v) => !v || Date.parse(`${v}T00:00:00Z`) <= Date.now(),
    ),
  patientSex: yup
    .mixed<(typeof PATIENT_SEXES)[number]>()
    .oneOf([...PATIENT_SEXES], 'Unknown sex')
    .required('Patient sex is required'),
  priorScanId: yup.string().uuid('Prior scan must be a uuid').nullable().default(null),
  findings: yup
    .array(findingSchema(FINDING_DEPTH))
    .min(1, 'A scan needs at least one finding')
    .max(200)
    .required(),
  videoReports: yup
    .array(yup.object({ uploadKey: uploadKey(), fileName: fileName() }))
    .max(10)
    .default([]),
});

export const scheduleMeetingSchema = yup.object({
  scheduledStart: yup
    .string()
    .required('Start is required')
    .test('datetime', 'Start must be a date and time', (v) => !!v && !Number.isNaN(Date.parse(v)))
    .test('future', 'Start must be in the future', (v) => !v || Date.parse(v) > Date.now() - 60_000),
  durationMinutes: yup.number().integer().min(10).max(180).required('Duration is required'),
});

export const followUpSchema = yup.object({
  dueDate: isoDate('Due date').optional(),
  done: yup.boolean().optional(),
  resultUploadKey: text(512).optional(),
  resultFileName: text(255).optional(),
});

export const signalSchema = yup.object({
  to: uuid('Participant'),
  kind: yup
    .string()
    .oneOf(['offer', 'answer', 'candidate'], 'Unknown signal')
    .required('Signal kind is required'),
  payload: yup
    .mixed()
    .required('Payload is required')
    .test('size', 'Payload is too large', (v) => JSON.stringify(v ?? null).length <= 64 * 1024),
});

export const admitSchema = yup.object({ participantId: uuid('Participant') });
