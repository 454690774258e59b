/** yup schemas of the imaging context's viewer calls. */
import * as yup from 'yup';

/** GET viewer init: an optional viewer token (a JWT; anything longer than a token can be is refused). */
export const viewerInitQuery = yup.object({
  token: yup.string().max(4096),
});
