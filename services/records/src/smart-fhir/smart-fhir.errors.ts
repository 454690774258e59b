import { badRequest, notFound } from '@portal/server-kit';

/** Every failure of the Smart FHIR calls, in the shared vocabulary; another patient's identifier or row answers like a missing one. */
export const queryNotFound = () => notFound('Smart FHIR query');
export const foundStudyNotFound = () => notFound('Study');
/** A request names its patient: without the holder's name there is nobody to ask for. */
export const holderUnnamed = () =>
  badRequest('Add your name and date of birth in Settings before requesting a study');
