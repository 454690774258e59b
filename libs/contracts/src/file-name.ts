import * as yup from 'yup';
import { hasControl } from './uploads';

// Kept out of uploads.ts: the shell reads the upload rules (picture types) and must not pull yup into
// the first load of /login with them (yup's package does not declare itself free of side effects).
/** A bare file name as an upload names it: no folder, no climbing out of one, no control characters. */
export const bareFileName = () =>
  yup
    .string()
    .trim()
    .required('File name is required')
    .max(255, 'File name is too long')
    .test(
      'bare-name',
      'File name must not contain a folder',
      (v) => !v || (!/[/\\]/.test(v) && !hasControl(v) && v !== '.' && v !== '..'),
    );
