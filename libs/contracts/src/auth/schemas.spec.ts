import { createAccountSchema, loginSchema } from './schemas';
import { MESSAGES } from '../messages';

const messagesOf = async (schema: typeof createAccountSchema | typeof loginSchema, value: object) =>
  schema.validate(value, { abortEarly: false }).then(
    () => [],
    (e: { errors: string[] }) => e.errors,
  );

describe('shared schemas', () => {
  it('accepts a valid sign-up and trims names', async () => {
    const v = await createAccountSchema.validate({
      firstName: ' Ada ',
      lastName: 'L',
      email: 'a@b.co',
      dateOfBirth: '1990-01-01',
      locale: 'UTC',
    });
    expect(v.firstName).toBe('Ada');
  });

  it('refuses a date of birth in the future', async () => {
    expect(
      await messagesOf(createAccountSchema, {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        dateOfBirth: '2999-01-01',
        locale: 'UTC',
      }),
    ).toEqual([MESSAGES.dateOfBirthFuture]);
  });

  it('uses the login messages of the spec', async () => {
    expect(await messagesOf(loginSchema, { username: 'nope', password: '' })).toEqual([
      MESSAGES.loginUserEmail,
      MESSAGES.loginPassword,
    ]);
  });
});
