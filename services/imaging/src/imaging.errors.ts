/** Every failure the imaging context answers with, in the shared vocabulary (DICOM reading errors live with the reader in server-kit). */
export { notDicom } from '@portal/server-kit';
