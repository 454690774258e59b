import { randomInt } from 'node:crypto';
import { ACCESS_PAGE_PASSWORD_LENGTH } from '@portal/contracts';

/** Letters and digits that cannot be mistaken for one another on paper (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The password of a printed access page: typed by a person from paper, so unambiguous; crypto random. */
export const accessPagePassword = (length = ACCESS_PAGE_PASSWORD_LENGTH): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
