import type { AnyObject, ObjectSchema, SchemaDescription } from 'yup';

type Described = SchemaDescription & { fields?: Record<string, Described>; innerType?: Described };

const SCALARS = new Set(['string', 'number', 'boolean', 'date']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const walk = (d: Described, value: unknown, path: string, errors: Record<string, string>): void => {
  if (value === undefined || value === null) return;
  const where = path || 'The request body';
  if (
    SCALARS.has(d.type) &&
    (typeof value === 'object' || (typeof value === 'string' && value.includes('\u0000')))
  ) {
    errors[path || '_'] =
      typeof value === 'string'
        ? `${where} must not contain a NUL character`
        : `${where} must be a ${d.type === 'date' ? 'date' : d.type}, not ${Array.isArray(value) ? 'a list' : 'an object'}`;
  } else if (d.type === 'object' && d.fields) {
    if (!isPlainObject(value)) errors[path || '_'] = `${where} must be an object`;
    else
      for (const [key, field] of Object.entries(d.fields))
        walk(field, value[key], path ? `${path}.${key}` : key, errors);
  } else if (d.type === 'array' && d.innerType) {
    if (!Array.isArray(value)) errors[path || '_'] = `${where} must be a list`;
    else value.forEach((item, i) => walk(d.innerType!, item, `${path}[${i}]`, errors));
  }
};

/**
 * Values of another JSON shape than the schema's, found before yup casts them: yup's string
 * transforms (trim, lowercase) call string methods on whatever they get, so `{"username":{"$gt":""}}`
 * or `["a"]` would throw a TypeError (a 500) instead of failing validation. NUL characters are
 * refused here too, as PostgreSQL cannot store them in text.
 */
export const wrongShapes = <T extends AnyObject>(
  schema: ObjectSchema<T>,
  value: unknown,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  walk(describedOnce(schema), value, '', errors);
  return errors;
};

/** yup's describe() walks the whole schema; it runs on every validated request, and schemas never change. */
const described = new WeakMap<object, Described>();
const describedOnce = (schema: { describe(): unknown }): Described => {
  let d = described.get(schema);
  if (!d) described.set(schema, (d = schema.describe() as Described));
  return d;
};
