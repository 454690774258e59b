import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt's cost (N = 2^14, r 8, p 1: about 50 ms and 16 MB a hash), a 16-byte random salt and a 32-byte hash. */
const OPTIONS: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, OPTIONS, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/**
 * Passwords of public viewer links, with Node's own scrypt (no native package): `scrypt$<salt>$<hash>`,
 * base64url. The link password is typed by a stranger from the patient's form, so it is slow to guess
 * and compared in constant time; attempts are rate limited as well.
 */
export const hashLinkPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
};

export const linkPasswordMatches = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};
