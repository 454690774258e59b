/** yup schemas of the Smart FHIR calls: the page and the records context validate alike. */
import * as yup from 'yup';

export const generatePatientRequestSchema = yup.object({
  cfindResponseId: yup
    .string()
    .trim()
    .uuid('cfindResponseId must be a uuid')
    .required('cfindResponseId is required'),
});

export const loadGridByIdentifierSchema = yup.object({
  identifier: yup.string().trim().uuid('identifier must be a uuid').required('identifier is required'),
});

export const initLoadGridSchema = yup.object({
  reload: yup.boolean().default(false),
});

const httpUrl = (label: string) =>
  yup
    .string()
    .trim()
    .matches(/^https?:\/\/[^\s]+$/, `${label} must be an http(s) URL`)
    .required(`${label} is required`);

/** One entry of SMART_FHIR_SOURCES: checked at start, so a wrong deployment fails before any query. */
export const smartFhirSourceSchema = yup.object({
  id: yup
    .string()
    .matches(/^[a-z0-9-]{1,64}$/, 'id must be lower-case letters, digits and dashes')
    .required('id is required'),
  custodianId: yup.string().uuid('custodianId must be a uuid').required('custodianId is required'),
  facilityName: yup.string().trim().min(1).max(200).required('facilityName is required'),
  kind: yup.mixed<'dicomweb' | 'fhir'>().oneOf(['dicomweb', 'fhir']).required('kind is required'),
  baseUrl: httpUrl('baseUrl'),
  auth: yup
    .mixed<NonNullable<import('./types').SmartFhirSourceConfig['auth']>>()
    .test(
      'auth',
      'auth must be none, basic {username, password} or smart-backend {clientId, privateKeyJwk}',
      (a) => {
        if (a === undefined || a === null) return true;
        const v = a as Record<string, unknown>;
        if (v.type === 'none') return true;
        if (v.type === 'basic') return typeof v.username === 'string' && typeof v.password === 'string';
        return (
          v.type === 'smart-backend' &&
          typeof v.clientId === 'string' &&
          !!v.privateKeyJwk &&
          typeof v.privateKeyJwk === 'object' &&
          (v.scope === undefined || typeof v.scope === 'string')
        );
      },
    ),
  timeoutMs: yup.number().integer().min(100).max(120_000),
});
