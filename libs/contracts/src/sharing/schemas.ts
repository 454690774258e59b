/** yup schemas of the sharing context: the public page and the service validate with the same rules. */
import * as yup from 'yup';
import { MESSAGES } from '../messages';

/** POST validate password of a public viewer link: the password from the patient's form, required. */
export const viewerPasswordSchema = yup.object({
  password: yup.string().max(200).required(MESSAGES.viewerPasswordWrong),
});
