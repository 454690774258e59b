import { MESSAGES } from './messages';
import { isEmailAddress } from './email';
import { forgotPasswordSchema, loginSchema, updateEmailSchema } from './auth/schemas';

const errorsOf = (schema: { validate: (v: object, o: object) => Promise<unknown> }, value: object) =>
  schema.validate(value, { abortEarly: false }).then(
    () => [],
    (e: { errors: string[] }) => e.errors,
  );

describe('the shared email rule', () => {
  it.each(['ann@example.com', 'a.b+c@mail.example.co.uk', 'x@b.co'])('takes %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each(['bad@x', 'bad@x.', 'bad@.x', 'bad', '@example.com', 'a b@example.com', 'a@@example.com'])(
    'refuses %s',
    (address) => {
      expect(isEmailAddress(address)).toBe(false);
    },
  );

  it('refuses a new email whose domain has no dot, with the spec message', async () => {
    expect(await errorsOf(updateEmailSchema, { newEmail: 'bad@x' })).toEqual([
      MESSAGES.pleaseEnterValidEmail,
    ]);
    expect(await errorsOf(updateEmailSchema, { newEmail: '' })).toEqual([MESSAGES.emailRequired]);
    expect(await updateEmailSchema.validate({ newEmail: ' New@Example.com ' })).toEqual({
      newEmail: 'new@example.com',
    });
  });

  it('holds on every form that takes an address', async () => {
    expect(await errorsOf(loginSchema, { username: 'bad@x', password: 'x' })).toEqual([
      MESSAGES.loginUserEmail,
    ]);
    expect(await errorsOf(forgotPasswordSchema, { username: 'bad@x' })).toEqual([
      MESSAGES.pleaseEnterValidEmail,
    ]);
  });
});
