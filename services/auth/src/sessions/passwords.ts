import * as argon2 from 'argon2';

/** argon2id at OWASP's minimum or above: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

/** A hash to verify against when the account does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export const verifyPassword = async (hash: string | null, password: string): Promise<boolean> => {
  dummyHash ??= hashPassword('not-a-real-password');
  const against = hash ?? (await dummyHash);
  const ok = await argon2.verify(against, password).catch(() => false);
  return ok && hash !== null;
};
