import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { DOC_REQUEST_TYPES } from './types';
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** First slice of the request payload, enough to raise a patient request; the wizard issue adds the rest. */
export const patientRequestSchema = yup.object({
  custodian_id: yup.string().required(MESSAGES.custodianRequired),
  patientFirstName: yup.string().trim().required(MESSAGES.firstNameRequired),
  patientLastName: yup.string().trim().required(MESSAGES.lastNameRequired),
  patientDOB: yup
    .string()
    .required(MESSAGES.dateOfBirthRequired)
    .matches(isoDate, MESSAGES.dateOfBirthRequired)
    .test('not-future', MESSAGES.dateOfBirthFuture, (v) => !v || v <= new Date().toISOString().slice(0, 10)),
  docReqType: yup.array(yup.string().oneOf([...DOC_REQUEST_TYPES]).required()).min(1).required(),
  notes: yup.string().max(2000).default(''),
});

/** GET /api/facility/getCustodians?filterStr=&zipCode= (each once; a repeated key is refused). */
export const custodianSearchQuery = yup.object({
  filterStr: yup.string().trim(),
  zipCode: yup.string().trim(),
});
