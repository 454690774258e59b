/** yup schemas of the billing context: the page and the service validate with the same rules. */
import * as yup from 'yup';
import { STORAGE_PLAN_IDS } from './types';

const uuid = (label: string) =>
  yup.string().trim().uuid(`${label} must be a uuid`).required(`${label} is required`);

const planId = () =>
  yup
    .string()
    .oneOf([...STORAGE_PLAN_IDS], 'Choose a plan')
    .required('Choose a plan');

export const subscribeSchema = yup.object({ planId: planId() }).noUnknown();
export const changePlanSchema = yup.object({ planId: planId() }).noUnknown();

export const oneTimeChargeSchema = yup
  .object({
    purpose: yup.string().oneOf(['request-fee'], 'Unknown charge').required('purpose is required'),
    patientRequestId: uuid('patientRequestId'),
  })
  .noUnknown();

export const finishTransactionSchema = yup.object({ transactionId: uuid('transactionId') }).noUnknown();
export const requestFeeQuerySchema = yup.object({ patientRequestId: uuid('patientRequestId') }).noUnknown();
export const groupSeatsSchema = yup.object({ groupId: uuid('groupId') }).noUnknown();
