import { AuthContext } from '@portal/auth-service';
import { FAMILY_MEMBER_TYPES, MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { signIn } from './helpers';

describe('family members', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
    patient = await signIn(t, 'patient@example.com');
    other = await signIn(t, 'viewer@example.com');
  });
  afterAll(() => t?.close());

  const members = (token: string) => call(t.app, 'GET', '/api/myIdentity/familyMembers', { token });

  it('lists the relationship types', async () => {
    expect((await call(t.app, 'GET', '/api/familyMemberTypes', { token: patient })).body).toEqual(
      FAMILY_MEMBER_TYPES,
    );
  });

  it('lists the demo patient’s seeded member in the shape of the contract', async () => {
    expect((await members(patient)).body).toEqual([
      {
        id: expect.any(String),
        first_name: 'Sam',
        last_name: 'Jordan',
        relationship: { id: 4, name: 'Child', mnemonic: 'CHILD' },
        relation: null,
      },
    ]);
  });

  it('adds, updates and deletes a member, each audited', async () => {
    const added = await call(t.app, 'POST', '/api/myIdentity/familyMembers', {
      token: patient,
      body: { firstName: ' Ana ', lastName: 'Jordan', relationshipTypeId: 6, relation: 'Great aunt' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message: MESSAGES.entrySaved,
      member: {
        id: expect.any(String),
        first_name: 'Ana',
        last_name: 'Jordan',
        relationship: { id: 6, name: 'Other relative', mnemonic: 'OTHER_RELATIVE' },
        relation: 'Great aunt',
      },
    });
    const id = added.body.member.id;
    expect((await members(patient)).body.map((m: { id: string }) => m.id)).toContain(id);

    const updated = await call(t.app, 'PUT', `/api/myIdentity/familyMembers/${id}`, {
      token: patient,
      body: { firstName: 'Anna', lastName: 'Jordan', relationshipTypeId: 5, relation: 'ignored' },
    });
    expect(updated.body).toEqual({
      message: MESSAGES.entrySaved,
      member: {
        id,
        first_name: 'Anna',
        last_name: 'Jordan',
        relationship: { id: 5, name: 'Sibling', mnemonic: 'SIBLING' },
        relation: null,
      },
    });

    expect(
      (await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${id}`, { token: patient })).body,
    ).toEqual({ message: MESSAGES.entryDeleted });
    expect((await members(patient)).body.map((m: { id: string }) => m.id)).not.toContain(id);
    expect(
      (await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${id}`, { token: patient })).status,
    ).toBe(404);
    const audit = await t.query(
      `SELECT action, request_id FROM auth.audit_log WHERE resource_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'identity.family-member-added',
      'identity.family-member-updated',
      'identity.family-member-removed',
    ]);
    expect(audit.every((a) => a.request_id)).toBe(true);
  });

  it('another user sees none of them, and changing or deleting one answers 404 and changes nothing', async () => {
    const [sam] = (await members(patient)).body;
    expect((await members(other)).body).toEqual([]);
    const put = await call(t.app, 'PUT', `/api/myIdentity/familyMembers/${sam.id}`, {
      token: other,
      body: { firstName: 'X', lastName: 'Y', relationshipTypeId: 1 },
    });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('RESOURCE.NOT_FOUND');
    expect(
      (await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${sam.id}`, { token: other })).status,
    ).toBe(404);
    expect((await members(patient)).body).toEqual([sam]);
  });

  it('answers 404 for an id that is no uuid, and 401 without a session', async () => {
    expect(
      (await call(t.app, 'DELETE', '/api/myIdentity/familyMembers/not-a-uuid', { token: patient })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', '/api/myIdentity/familyMembers/1', {
          token: patient,
          body: { firstName: 'A', lastName: 'B', relationshipTypeId: 1 },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/myIdentity/familyMembers')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/familyMemberTypes')).status).toBe(401);
  });

  it.each([
    [{ firstName: '', lastName: 'J', relationshipTypeId: 1 }, 'firstName', MESSAGES.firstNameRequired],
    [{ firstName: 'A', lastName: ' ', relationshipTypeId: 1 }, 'lastName', MESSAGES.lastNameRequired],
    [{ firstName: 'A', lastName: 'J' }, 'relationshipTypeId', MESSAGES.selectRelationship],
    [
      { firstName: 'A', lastName: 'J', relationshipTypeId: 'spouse' },
      'relationshipTypeId',
      MESSAGES.selectRelationship,
    ],
    [
      { firstName: 'A', lastName: 'J', relationshipTypeId: 99 },
      'relationshipTypeId',
      MESSAGES.selectRelationship,
    ],
    [{ firstName: 'A', lastName: 'J', relationshipTypeId: 6 }, 'relation', MESSAGES.specifyRelationship],
    [
      { firstName: 'A', lastName: 'J', relationshipTypeId: 6, relation: 'Cousin 2' },
      'relation',
      MESSAGES.onlyLetters,
    ],
  ])('refuses %j with its message', async (body, field, message) => {
    const res = await call(t.app, 'POST', '/api/myIdentity/familyMembers', { token: patient, body });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    const [sam] = (await members(patient)).body;
    expect(
      (await call(t.app, 'PUT', `/api/myIdentity/familyMembers/${sam.id}`, { token: patient, body })).body
        .errors[field],
    ).toBe(message);
  });
});
