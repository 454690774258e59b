import { badRequest } from '@portal/server-kit';

/** Every failure the imaging context answers with, in the shared vocabulary. */
export const notDicom = (why: string) => badRequest(`This file is not a DICOM file we can read: ${why}`);
