import { type ArgumentsHost, NotFoundException } from '@nestjs/common';
import { r4Problems } from '@portal/server-kit/testing';
import { forbidden, unauthenticated } from '@portal/server-kit';
import { exportAlreadyRunning, writeNotAllowed } from './fhir.errors';
import { OperationOutcomeFilter } from './operation-outcome.filter';

const answer = (exception: unknown) => {
  const sent: { status?: number; type?: string; body?: any; headers: Record<string, string> } = {
    headers: {},
  };
  const reply = {
    header: (k: string, v: string) => ((sent.headers[k] = v), reply),
    headers: (h: Record<string, string>) => (Object.assign(sent.headers, h), reply),
    removeHeader: () => reply,
    type: (t: string) => ((sent.type = t), reply),
    status: (s: number) => ((sent.status = s), reply),
    send: (b: unknown) => ((sent.body = b), reply),
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: 'req-1' }) }),
  } as unknown as ArgumentsHost;
  new OperationOutcomeFilter({ retryAfterSeconds: 5 }).catch(exception, host);
  return sent;
};

describe('OperationOutcomeFilter', () => {
  it('answers a failure as a valid OperationOutcome in FHIR JSON with its status', () => {
    const sent = answer(writeNotAllowed());
    expect(sent.status).toBe(405);
    expect(sent.type).toBe('application/fhir+json; charset=utf-8');
    expect(sent.headers.allow).toBe('GET');
    expect(sent.body).toEqual({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'This FHIR server is read-only' }],
    });
    expect(r4Problems(sent.body)).toEqual([]);
  });

  it('says how to authenticate on 401 and that scopes fall short on 403', () => {
    expect(answer(unauthenticated()).headers['www-authenticate']).toBe('Bearer');
    const refused = answer(forbidden('no'));
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    expect(refused.body.issue[0].code).toBe('forbidden');
  });

  it("keeps the vocabulary's status and headers for Nest's and rate errors, and hides unknown ones as 500", () => {
    expect(answer(new NotFoundException()).status).toBe(404);
    const busy = answer(exportAlreadyRunning());
    expect([busy.status, busy.headers['retry-after'], busy.body.issue[0].code]).toEqual([
      429,
      '10',
      'throttled',
    ]);
    const crash = answer(new Error('secret detail'));
    expect(crash.status).toBe(500);
    expect(JSON.stringify(crash.body)).not.toContain('secret detail');
    expect(r4Problems(crash.body)).toEqual([]);
  });
});
