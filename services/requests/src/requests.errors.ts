import { notFound } from '@portal/server-kit';

/** Every failure the requests context answers with, in the shared vocabulary. */
export const custodianNotFound = () => notFound('Custodian');
