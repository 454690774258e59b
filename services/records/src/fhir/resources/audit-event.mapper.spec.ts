import { r4Problems } from '@portal/server-kit/testing';
import { AT, PATIENT } from '../test-fixtures';
import { auditActionOf, toAuditEvent } from './audit-event.mapper';

const row = (over: Record<string, unknown> = {}) => ({
  id: '42',
  at: AT,
  actor_id: PATIENT,
  action: 'records.fhir-searched',
  resource_type: 'fhir',
  resource_id: null,
  subject_id: PATIENT,
  ip: '203.0.113.7',
  detail: { clientId: 'app-1', authorizationId: 'auth-1', reads: { ImagingStudy: 3 } },
  ...over,
});

describe('AuditEvent mapping', () => {
  it("makes an app's FHIR read a valid AuditEvent naming the patient, the app and the address", () => {
    const event = toAuditEvent(row());
    expect(r4Problems(event)).toEqual([]);
    expect(event).toMatchObject({
      id: '42',
      action: 'R',
      recorded: AT.toISOString(),
      type: { code: 'rest' },
      subtype: [{ code: 'records.fhir-searched' }],
    });
    expect(event.agent.map((a) => a.who)).toEqual([
      { reference: `Patient/${PATIENT}` },
      { identifier: { system: 'urn:portal:smart-client', value: 'app-1' } },
    ]);
  });

  it('names another actor by id only, the system when there is none, and stays valid', () => {
    const byOther = toAuditEvent(
      row({
        actor_id: 'someone',
        action: 'records.document-read',
        resource_type: 'document',
        resource_id: 'd1',
        detail: {},
      }),
    );
    expect(r4Problems(byOther)).toEqual([]);
    expect(byOther.agent[0].who).toEqual({ identifier: { system: 'urn:portal:user', value: 'someone' } });
    const bySystem = toAuditEvent(
      row({ actor_id: null, ip: null, action: 'records.documents-delivered', detail: {} }),
    );
    expect(r4Problems(bySystem)).toEqual([]);
    expect(bySystem.action).toBe('C');
  });

  it('maps action verbs to C, R, U, D or E', () => {
    expect(
      ['records.document-read', 'records.star-changed', 'records.share-removed', 'auth.login'].map(
        auditActionOf,
      ),
    ).toEqual(['R', 'U', 'D', 'E']);
  });
});
