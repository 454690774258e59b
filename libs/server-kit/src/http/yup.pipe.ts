import { type PipeTransform } from '@nestjs/common';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { AppError } from '../errors/app-error';
import { wrongShapes } from './wrong-shapes';

export interface ValidateOptions<T extends AnyObject> {
  /** Maps another accepted reading of the payload onto the schema's one before the rules run. */
  read?: (value: Record<string, unknown>) => unknown;
  /** Picks the schema by what was sent (one route, two forms); `schema` is the one documented. */
  pick?: (value: Record<string, unknown>) => ObjectSchema<T>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * What JSON and query parsing make: plain objects, or (fast-querystring's) objects over a bare
 * prototype. A Buffer, a stream or any other class instance is not a payload.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/** No form nests deeper than a few levels; a body nested thousands deep is refused before any recursion. */
export const MAX_PAYLOAD_DEPTH = 32;
const deeperThan = (value: unknown, max: number): boolean => {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
};

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * Drops `__proto__`, `constructor` and `prototype` keys at every depth: no schema has such a field,
 * and yup looks an unknown key up among its fields, where `constructor` finds Object's own (a 500).
 */
const withoutPrototypeKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !PROTOTYPE_KEYS.has(k))
      .map(([k, v]) => [k, withoutPrototypeKeys(v)]),
  );
};

/**
 * Runs a yup schema of libs/contracts on a body or query, so the server answers with the very
 * messages the form shows. Unknown keys are stripped; the first message leads, all are listed.
 */
export class YupPipe<T extends AnyObject> implements PipeTransform<unknown, Promise<T>> {
  constructor(
    readonly documented: ObjectSchema<T>,
    private readonly options: ValidateOptions<T> = {},
  ) {}

  async transform(value: unknown): Promise<T> {
    // A JSON array, string or number where an object belongs would be cast or read by index; a Buffer
    // (a body some other parser read) would be walked byte by byte.
    if (value !== undefined && value !== null && !isPlainObject(value))
      throw new AppError('REQUEST.VALIDATION_FAILED', 'The request body must be a JSON object');
    if (deeperThan(value, MAX_PAYLOAD_DEPTH))
      throw new AppError(
        'REQUEST.VALIDATION_FAILED',
        `The request body is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`,
      );
    const given = (withoutPrototypeKeys(value) ?? {}) as Record<string, unknown>;
    const schema = this.options.pick?.(given) ?? this.documented;
    const input = this.options.read ? this.options.read(given) : given;
    const shapes = wrongShapes(schema, input);
    if (Object.keys(shapes).length)
      throw new AppError('REQUEST.VALIDATION_FAILED', Object.values(shapes)[0], shapes);
    try {
      return (await schema.validate(input, { abortEarly: false, stripUnknown: true })) as T;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      const errors: Record<string, string> = {};
      for (const inner of e.inner.length ? e.inner : [e]) errors[inner.path ?? '_'] ??= inner.message;
      throw new AppError('REQUEST.VALIDATION_FAILED', Object.values(errors)[0] ?? e.message, errors);
    }
  }
}

export const validate = <T extends AnyObject>(
  schema: ObjectSchema<T>,
  options?: ValidateOptions<T>,
): YupPipe<T> => new YupPipe(schema, options);
