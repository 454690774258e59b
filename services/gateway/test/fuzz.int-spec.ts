import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_STATUS, FHIR_API, IMAGING_API, isErrorBody } from '@portal/contracts';
import { DEMO_USERS, registeredRoutes } from '@portal/server-kit';
import { type ApiOperation, badRequests, operationsOf } from '@portal/server-kit/testing';
import { contextOfPath } from '../src/api-routes';
import { startTestGateway, type TestGateway } from './test-gateway';

const PER_OPERATION = 30;
jest.setTimeout(600_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Routes served under /api that are not part of the API itself. */
const NOT_API = /^\/api\/docs(-json|-yaml)?(\/|$)/;

const toTemplate = (fastifyUrl: string) => fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The FHIR API (issue 29): its failures are FHIR's OperationOutcome, not the portal's error body. */
const isFhir = (op: ApiOperation) => op.path.startsWith(`${FHIR_API.base}/`) || op.path === FHIR_API.base;
const isOperationOutcome = (body: unknown): boolean =>
  (body as { resourceType?: string } | null)?.resourceType === 'OperationOutcome' &&
  Array.isArray((body as { issue?: unknown }).issue) &&
  (body as { issue: unknown[] }).issue.length > 0;

/** A 4xx must be the one error body (an OperationOutcome on FHIR routes); a 5xx is a failure whatever its body. */
const wrongAnswer = (
  op: ApiOperation,
  status: number,
  body: unknown,
  violates: boolean,
): string | undefined => {
  if (status >= 500) return `answered ${status}`;
  if (violates && status < 400) return `accepted an input that breaks its schema (${status})`;
  if (op.html && typeof body === 'string' && body.startsWith('<!doctype html>')) return undefined;
  if (status >= 400 && isFhir(op) && isOperationOutcome(body)) return undefined;
  if (status >= 400 && !(isErrorBody(body) && body.code in ERROR_STATUS && body.statusCode === status))
    return `answered ${status} without the error vocabulary: ${JSON.stringify(body).slice(0, 120)}`;
  return undefined;
};

/**
 * Public routes that read the session themselves beside a viewer token (issue 31's annotations): fuzzed
 * as the demo patient, so the bad inputs reach their schema instead of stopping at 401.
 */
const ANNOTATIONS = IMAGING_API.annotations('{studyInstanceUid}');
const READS_SESSION = new Set([`GET ${ANNOTATIONS}`, `PUT ${ANNOTATIONS}`]);

describe('fuzz of every operation of the OpenAPI', () => {
  let gw: TestGateway;
  let doc: OpenAPIObject;

  beforeAll(async () => {
    gw = await startTestGateway({
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'fatal',
    });
    doc = (await gw.send('GET', '/api/docs-json')).body;
    if (process.env.FUZZ_DUMP)
      require('node:fs').writeFileSync(process.env.FUZZ_DUMP, JSON.stringify(doc, null, 1));
  });
  afterAll(() => gw?.close());

  it('documents every route the gateway serves under /api', () => {
    const documented = new Set(operationsOf(doc).map((op) => `${op.method} ${op.path}`));
    const served = registeredRoutes((gw.app as NestFastifyApplication).getHttpAdapter().getInstance())
      .filter((r) => r.url.startsWith('/api/') && !NOT_API.test(r.url))
      .map((r) => `${r.method} ${toTemplate(r.url)}`);
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('routes every documented /api path to a context in proxy mode (the gateway answers only its own blob and dev routes)', () => {
    const GATEWAY_OWN = /^\/api\/(blob|dev)\//;
    const unrouted = operationsOf(doc)
      .map((op) => op.path)
      .filter(
        (p) => !NOT_API.test(p) && !GATEWAY_OWN.test(p) && !contextOfPath(p.replace(/\{[^}]+\}/g, 'x')),
      );
    expect([...new Set(unrouted)]).toEqual([]);
  });

  /**
   * A fresh sign-in of the first demo user with a role the route admits (a route may end the session).
   * The FHIR routes are public to the portal's guard but read the bearer themselves: a patient's own
   * session is a FHIR caller, so the fuzz reaches their parameters rather than stopping at 401.
   */
  const tokenFor = (op: ApiOperation): Promise<string> | undefined => {
    if (isFhir(op) || READS_SESSION.has(`${op.method} ${op.path}`)) return gw.login('patient@example.com');
    if (!op.secured) return undefined;
    const user = DEMO_USERS.find((u) => !op.roles || u.roles.some((r) => op.roles!.includes(r)))!;
    return gw.login(user.email);
  };

  it(`answers ${PER_OPERATION} bad inputs per operation with a 4xx in the error vocabulary, never a 5xx`, async () => {
    const ops = operationsOf(doc);
    const failures: string[] = [];
    let requests = 0;
    for (const op of ops) {
      const token = await tokenFor(op);
      for (const bad of badRequests(op, PER_OPERATION, SEED)) {
        const res = await gw.send(bad.method, bad.url, {
          token,
          contentType: bad.contentType,
          payload: bad.payload,
        });
        requests++;
        const wrong = wrongAnswer(op, res.status, res.body, bad.violates);
        if (wrong) failures.push(`${op.method} ${op.path} [${bad.kind}] ${wrong}`);
      }
    }
    console.log(
      `fuzz: ${ops.length} operations, ${requests} requests (seed ${SEED}), ${failures.length} wrong answers`,
    );
    expect(failures).toEqual([]);
  });
});
