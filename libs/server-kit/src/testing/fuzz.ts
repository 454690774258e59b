import fc from 'fast-check';
import type { OpenAPIObject } from '@nestjs/swagger';

/** JSON Schema as far as the fuzz reads it (what yup-to-json-schema and Nest's swagger write). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
}

export interface ApiOperation {
  method: string;
  /** OpenAPI template, e.g. /api/facility/{id}. */
  path: string;
  operationId: string;
  secured: boolean;
  /** The active roles the route admits (any signed-in user when absent). */
  roles?: string[];
  /** A page for browsers and mail clients: its errors are HTML pages, not the JSON error body. */
  html: boolean;
  body?: JsonSchema;
  query: Array<{ name: string; schema: JsonSchema }>;
  pathParams: string[];
}

export interface BadRequest {
  kind: string;
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
  /** The input breaks the documented schema, so only a 4xx is a right answer. */
  violates: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of an OpenAPI document, with what the fuzz needs to break it. */
export const operationsOf = (doc: OpenAPIObject): ApiOperation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m]!;
      const params = (op.parameters ?? []) as Array<{ name: string; in: string; schema?: JsonSchema }>;
      const body = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      return {
        method: m.toUpperCase(),
        path,
        operationId: op.operationId ?? `${m} ${path}`,
        secured: !!op.security?.length || !!doc.security?.length,
        roles: (op as { 'x-roles'?: string[] })['x-roles'],
        html: JSON.stringify(op.responses ?? {}).includes('text/html'),
        body,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      };
    }),
  );

const LONG = 'x'.repeat(100_000);
/** Strings an attacker tries: injections, traversal, templates, control and odd unicode, huge. */
const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '{"$gt":""}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u200b\ufeff',
  '😀🏥\ud800',
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  LONG,
];
/** Values of the wrong shape for a scalar field: operators, arrays, objects, null. */
const NON_SCALARS: unknown[] = [null, [], ['a'], { $gt: '' }, { $ne: null }, { toString: 'x' }, [[{}]]];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
);
const anyValue = fc.oneof(
  nastyString,
  fc.constantFrom(...NON_SCALARS),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 3 }),
);

const typeOf = (s: JsonSchema | undefined): string | undefined =>
  [s?.type].flat().find((t) => t && t !== 'null');

/** Whether a value is of another JSON type than the schema's (what yup would not cast either). */
const breaksType = (schema: JsonSchema | undefined, value: unknown): boolean => {
  const type = typeOf(schema);
  if (!type) return false;
  if (value === null) return true;
  if (type === 'array') return !Array.isArray(value);
  if (type === 'object') return typeof value !== 'object' || Array.isArray(value);
  if (typeof value === 'object') return true; // arrays and objects where a scalar belongs
  if (schema?.enum && !schema.enum.includes(value)) return true;
  return false;
};

const sampleOf = (s: JsonSchema | undefined): unknown => {
  const type = typeOf(s);
  if (s?.enum?.length) return s.enum[0];
  if (type === 'object')
    return Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return false;
  return 'a';
};

/** Percent-encodes every byte, so lone surrogates and control characters travel as they are. */
const pct = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const withPath = (op: ApiOperation, values: Record<string, string> = {}): string =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    pct(values[name] ?? '00000000-0000-4000-8000-000000000000'),
  );

const withQuery = (url: string, entries: Array<[string, string]>): string =>
  entries.length ? `${url}?${entries.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : url;

const json = (method: string, url: string, kind: string, body: unknown, violates: boolean): BadRequest => ({
  kind,
  method,
  url,
  contentType: 'application/json',
  payload: JSON.stringify(body),
  violates,
});

/** One arbitrary per way of breaking an operation; each yields a request and whether it must be 4xx. */
const breakers = (op: ApiOperation): Array<fc.Arbitrary<BadRequest>> => {
  const url = withPath(op);
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const props = Object.entries(op.body?.properties ?? {});
  const required = op.body?.required ?? [];
  const base = sampleOf(op.body ?? { type: 'object' }) as Record<string, unknown>;
  const list: Array<fc.Arbitrary<BadRequest>> = [];
  if (hasBody) {
    if (props.length)
      list.push(
        fc
          .tuple(fc.constantFrom(...props), anyValue)
          .map(([[name, schema], value]) =>
            json(op.method, url, `field ${name}`, { ...base, [name]: value }, breaksType(schema, value)),
          ),
      );
    if (required.length)
      list.push(
        fc
          .subarray(required, { minLength: 1 })
          .map((drop) =>
            json(
              op.method,
              url,
              `missing ${drop.join(',')}`,
              Object.fromEntries(Object.entries(base).filter(([k]) => !drop.includes(k))),
              true,
            ),
          ),
      );
    list.push(
      fc
        .constantFrom<[string, string]>(
          ['__proto__', '{"__proto__":{"isAdmin":true,"roles":["ADMIN"]}}'],
          ['constructor', '{"constructor":{"prototype":{"isAdmin":true}}}'],
        )
        .map(([kind, raw]) => ({
          kind,
          method: op.method,
          url,
          contentType: 'application/json',
          payload: raw.slice(0, -1) + (props.length ? ',' + JSON.stringify(base).slice(1) : '}'),
          violates: required.length > 0,
        })),
      fc
        .constantFrom<unknown>([], [base], 'a', 1, true, null)
        .map((body) =>
          json(
            op.method,
            url,
            `body ${JSON.stringify(body).slice(0, 20)}`,
            body,
            !!op.body && (body !== null || required.length > 0),
          ),
        ),
      fc.constantFrom('', '{"a":', '{"a":1}}', '\u0000').map((payload) => ({
        kind: `raw ${JSON.stringify(payload)}`,
        method: op.method,
        url,
        contentType: 'application/json',
        payload,
        violates: true,
      })),
      fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        )
        .map((contentType) => ({
          kind: `content-type ${contentType}`,
          method: op.method,
          url,
          contentType,
          payload: contentType.startsWith('multipart')
            ? '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + LONG.slice(0, 10)
            : '<a>1</a>',
          violates: false,
        })),
    );
  }
  const queryNames = op.query.map((q) => q.name);
  list.push(
    fc
      .tuple(
        fc.constantFrom(...(queryNames.length ? queryNames : ['q', '__proto__[x]', 'constructor'])),
        nastyString,
        fc.boolean(),
      )
      .map(([name, value, twice]) => ({
        kind: `query ${name}${twice ? ' twice' : ''}`,
        method: op.method,
        url: withQuery(
          url,
          twice
            ? [
                [name, value],
                [name, value],
              ]
            : [[name, value]],
        ),
        violates: false,
      })),
  );
  if (op.pathParams.length)
    list.push(
      fc
        .tuple(
          fc.constantFrom(...op.pathParams),
          nastyString.filter((s) => s.length > 0 && !/^\.\.?$/.test(s)),
        )
        .map(([name, value]) => ({
          kind: `path ${name}`,
          method: op.method,
          url: withPath(op, { [name]: value }),
          violates: false,
        })),
    );
  return list;
};

/** At least `count` bad requests for one operation, reproducible from `seed`. */
export const badRequests = (op: ApiOperation, count: number, seed: number): BadRequest[] =>
  fc.sample(fc.oneof(...breakers(op)), { numRuns: count, seed });
