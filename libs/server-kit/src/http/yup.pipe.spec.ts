import { object, string, array, number } from 'yup';
import { AppError } from '../errors/app-error';
import { validate } from './yup.pipe';

const login = validate(
  object({
    username: string().trim().lowercase().required('Email is required'),
    password: string().required(),
  }),
);

const refusal = async (value: unknown) => {
  try {
    await login.transform(value);
  } catch (e) {
    return e as AppError;
  }
  throw new Error('accepted');
};

describe('YupPipe', () => {
  it.each([
    [{ username: { $gt: '' }, password: 'x' }, 'username', 'username must be a string, not an object'],
    [{ username: ['a'], password: 'x' }, 'username', 'username must be a string, not a list'],
    [{ username: 'a\u0000b', password: 'x' }, 'username', 'username must not contain a NUL character'],
  ])(
    'refuses %j with a field message instead of letting yup throw a TypeError',
    async (body, field, message) => {
      const e = await refusal(body);
      expect(e).toBeInstanceOf(AppError);
      expect(e.toBody()).toMatchObject({
        statusCode: 400,
        code: 'REQUEST.VALIDATION_FAILED',
        errors: { [field]: message },
      });
    },
  );

  it.each([[['a']], ['text'], [42], [Buffer.alloc(16)], [new Map([['username', 'a']])]])(
    'refuses a body that is not an object: %p',
    async (body) => {
      expect((await refusal(body)).toBody()).toMatchObject({
        statusCode: 400,
        message: 'The request body must be a JSON object',
      });
    },
  );

  it('refuses a body nested 10,000 deep with a 400, not a stack overflow', async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    expect((await refusal(deep)).toBody()).toMatchObject({
      statusCode: 400,
      message: 'The request body is nested deeper than 32 levels',
    });
    const list = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect((await refusal({ username: 'a', password: 'b', list })).toBody()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('nested deeper'),
    });
  });

  it('takes a query object without a prototype (as the query parser makes it)', async () => {
    await expect(
      login.transform(Object.assign(Object.create(null), { username: 'Pat@Example.com', password: 'x' })),
    ).resolves.toEqual({ username: 'pat@example.com', password: 'x' });
  });

  it('drops __proto__ and constructor keys at any depth and keeps the rest', async () => {
    const nested = validate(object({ a: object({ b: string() }), list: array(object({ n: number() })) }));
    const body = JSON.parse(
      '{"__proto__":{"isAdmin":true},"constructor":{"x":1},"a":{"b":"ok","__proto__":{"y":1}},"list":[{"n":1,"constructor":2}]}',
    );
    const value = await nested.transform(body);
    expect(value).toEqual({ a: { b: 'ok' }, list: [{ n: 1 }] });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers the schema message first and lists every field', async () => {
    expect((await refusal({})).toBody()).toMatchObject({
      message: 'Email is required',
      errors: { username: 'Email is required', password: expect.any(String) },
    });
  });

  it('reads another payload form and picks the schema by what was sent', async () => {
    const pipe = validate(object({ name: string().required() }), { read: (v) => ({ name: v.fullName }) });
    await expect(pipe.transform({ fullName: 'Pat' })).resolves.toEqual({ name: 'Pat' });
  });
});
