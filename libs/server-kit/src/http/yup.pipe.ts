import { type PipeTransform } from '@nestjs/common';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { AppError } from '../errors/app-error';

/**
 * Runs a yup schema of libs/contracts on a body or query, so the server answers with the very
 * messages the form shows. Unknown keys are stripped; the first message leads, all are listed.
 */
export class YupPipe<T extends AnyObject> implements PipeTransform<unknown, Promise<T>> {
  constructor(private readonly schema: ObjectSchema<T>) {}

  async transform(value: unknown): Promise<T> {
    try {
      return (await this.schema.validate(value ?? {}, { abortEarly: false, stripUnknown: true })) as T;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      const errors: Record<string, string> = {};
      for (const inner of e.inner.length ? e.inner : [e]) errors[inner.path ?? '_'] ??= inner.message;
      throw new AppError('REQUEST.VALIDATION_FAILED', Object.values(errors)[0] ?? e.message, errors);
    }
  }
}

export const validate = <T extends AnyObject>(schema: ObjectSchema<T>): YupPipe<T> => new YupPipe(schema);
