import * as yup from 'yup';
import { MESSAGES } from '../messages';

export const DOC_REQUEST_TYPES = ['IMAGES', 'IMAGES_ONLY', 'REPORTS', 'OTHERS'] as const;

/** First slice of the request payload, enough to raise a patient request; the wizard issue adds the rest. */
export const patientRequestSchema = yup.object({
  custodian_id: yup.string().required(MESSAGES.custodianRequired),
  docReqType: yup.array(yup.string().oneOf([...DOC_REQUEST_TYPES]).required()).min(1).required(),
  notes: yup.string().max(2000).default(''),
});
