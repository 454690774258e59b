import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * A Formik `validate` that runs a shared contracts schema (so the messages are the contract's, word
 * for word) on the form values mapped to the payload's shape; errors come back under the form's names.
 */
export const validateWith =
  <V>(
    schema: AnyObjectSchema,
    toPayload: (values: V) => object,
    formKey: Record<string, keyof V & string> = {},
  ) =>
  (values: V): Partial<Record<keyof V & string, string>> => {
    try {
      schema.validateSync(toPayload(values), { abortEarly: false });
      return {};
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      const errors: Record<string, string> = {};
      for (const inner of e.inner.length ? e.inner : [e]) {
        const key = formKey[inner.path ?? ''] ?? inner.path ?? '';
        if (!errors[key]) errors[key] = inner.message;
      }
      return errors as Partial<Record<keyof V & string, string>>;
    }
  };
