import {
  GROUPS_API,
  ON_BEHALF_OF_HEADER,
  onBehalfOfValue,
  PENDING_APPROVAL_API,
  RECORDS_API,
  REQUESTS_API,
  SHARING_API,
  type Group,
  type GroupDetails,
  type GroupLogPage,
} from '@portal/contracts';
import { demoUserId } from '@portal/server-kit';
import { eventually, TEST_PDF } from '@portal/server-kit/testing';
import { startTestGateway, type TestGateway } from './test-gateway';

jest.setTimeout(300_000);

/**
 * A coordinator acting for group members through the real gateway and every context (issue 26, decision
 * 0027): the demo coordinator of Cardiology Patients reads and uploads for the demo patient as the
 * patient's own screens would (X-On-Behalf-Of), never beyond the permissions given on both sides, never
 * for a member of another group or one who has not accepted, and loses access once the patient leaves.
 * Every act is attributed twice, and shows in the admin's logs and the patient's "done on your behalf".
 */
describe('acting for a group member', () => {
  let g: TestGateway;
  const tokens: Record<string, string> = {};
  let cardiology: GroupDetails;
  let oncologyId: string;
  const patientId = demoUserId('patient@example.com');

  const get = (path: string, who: string, actingFor?: [string, string]) =>
    g.send('GET', path, {
      token: tokens[who],
      headers: actingFor ? { [ON_BEHALF_OF_HEADER]: onBehalfOfValue(...actingFor) } : {},
    });
  const post = (path: string, body: unknown, who: string, actingFor?: [string, string]) =>
    g.send('POST', path, {
      token: tokens[who],
      contentType: 'application/json',
      payload: JSON.stringify(body),
      headers: actingFor ? { [ON_BEHALF_OF_HEADER]: onBehalfOfValue(...actingFor) } : {},
    });

  beforeAll(async () => {
    g = await startTestGateway({ LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000' });
    for (const who of ['coordinator', 'admin', 'patient', 'patient3'])
      tokens[who] = await g.login(`${who}@example.com`);
    const groups: Group[] = (await get(GROUPS_API.loadGrid, 'coordinator')).body;
    const id = groups.find((x) => x.name === 'Cardiology Patients')!.id;
    cardiology = (await get(`${GROUPS_API.getDetails}?groupId=${id}`, 'coordinator')).body;
    const adminGroups: Group[] = (await get(GROUPS_API.loadGrid, 'admin')).body;
    oncologyId = adminGroups.find((x) => x.name === 'Oncology Patients')!.id;
    // The coordinator's copy of the memberships reaches every context through the outbox.
    await eventually(
      () => get(REQUESTS_API.loadGrid, 'coordinator', [cardiology.id, patientId]),
      (r) => r.status === 200,
    );
  });
  afterAll(() => g?.close());

  it("reads the patient's own lists as the patient would, within the permissions on both sides", async () => {
    const own = await get(REQUESTS_API.loadGrid, 'patient');
    const acted = await get(REQUESTS_API.loadGrid, 'coordinator', [cardiology.id, patientId]);
    expect(acted.status).toBe(200);
    expect(acted.body).toEqual(own.body);
    // The coordinator was not given "Share records": 403 naming it, though the patient consented.
    const share = await get(SHARING_API.sharedUsers, 'coordinator', [cardiology.id, patientId]);
    expect(share.status).toBe(403);
    expect(share.body.message).toContain('Share records');
    // Without the header the coordinator is themself: a patient route refuses the role.
    expect((await get(REQUESTS_API.loadGrid, 'coordinator')).status).toBe(403);
  });

  it('knows no member of another group, no pending invitee, and no one for a patient sending the header', async () => {
    expect((await get(REQUESTS_API.loadGrid, 'coordinator', [oncologyId, patientId])).status).toBe(404);
    const pending = cardiology.members.find((m) => m.status === 'PENDING')!;
    expect(pending.email).toBe('patient2@example.com');
    expect(
      (await get(REQUESTS_API.loadGrid, 'coordinator', [cardiology.id, demoUserId('patient2@example.com')]))
        .status,
    ).toBe(404);
    expect(
      (await get(REQUESTS_API.loadGrid, 'coordinator', [cardiology.id, demoUserId('provider@example.com')]))
        .status,
    ).toBe(404);
    expect((await get(REQUESTS_API.loadGrid, 'patient3', [cardiology.id, patientId])).status).toBe(403);
    const bad = await g.send('GET', REQUESTS_API.loadGrid, {
      token: tokens.coordinator,
      headers: { [ON_BEHALF_OF_HEADER]: '../../etc/passwd' },
    });
    expect(bad.status).toBe(400);
  });

  it('uploads a PDF for the patient: it lands in their records, attributed to both, in the logs and on their list', async () => {
    const who: [string, string] = [cardiology.id, patientId];
    const form = await get(
      `${RECORDS_API.uploadForm}?fileName=letter.pdf&size=${TEST_PDF.length}&recordType=REPORTS`,
      'coordinator',
      who,
    );
    expect(form.status).toBe(200);
    expect(form.body.key).toMatch(new RegExp(`^records/self/${patientId}/`));
    await g.sendForm(form.body, TEST_PDF, 'letter.pdf');
    const kept = await post(
      RECORDS_API.manuallyUploadImages,
      {
        uploaded_images: [{ id: form.body.key, path: 'letter.pdf', file_name: 'letter.pdf' }],
        family_member_id: null,
        // The member's own person, as the upload dialog reads it from the library's init (acted too).
        personId: (await get(RECORDS_API.init, 'coordinator', who)).body.personId,
        examDate: '01/11/2026',
        recordName: 'Cardiology referral letter',
        recordType: 'REPORTS',
      },
      'coordinator',
      who,
    );
    expect(kept.status).toBe(201);
    const [row] = await g.query(
      `SELECT actor_id, subject_id, detail FROM records.audit_log WHERE action = 'records.self-upload-kept' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({
      actor_id: demoUserId('coordinator@example.com'),
      subject_id: patientId,
      detail: expect.objectContaining({
        onBehalfOf: { userId: patientId, groupId: cardiology.id, permission: 'UPLOAD_RECORDS' },
      }),
    });
    const mine: GroupLogPage = (
      await eventually(
        () => get(`${GROUPS_API.onMyBehalf}?page=1&size=10`, 'patient'),
        (r) => r.body.rows?.some((x: { action: string }) => x.action === 'records.self-upload-kept'),
      )
    ).body;
    expect(mine.rows.find((x) => x.action === 'records.self-upload-kept')).toMatchObject({
      actorId: demoUserId('coordinator@example.com'),
      groupName: 'Cardiology Patients',
      permission: 'UPLOAD_RECORDS',
    });
    const logs: GroupLogPage = (
      await get(
        `${GROUPS_API.getLogs}?groupId=${cardiology.id}&memberId=${patientId}&action=records.self-upload-kept`,
        'admin',
      )
    ).body;
    expect(logs.rows[0]).toMatchObject({ memberId: patientId, context: 'records' });
    // Coordinators do not read the logs; only the group's admins do.
    expect([403, 404]).toContain(
      (await get(`${GROUPS_API.getLogs}?groupId=${cardiology.id}`, 'coordinator')).status,
    );
  });

  it('refuses an upload once the admin takes the permission away, and everything once the patient leaves', async () => {
    const who: [string, string] = [cardiology.id, patientId];
    const coordinatorRow = cardiology.coordinators.find(
      (c) => c.userId === demoUserId('coordinator@example.com'),
    )!;
    const form = () =>
      get(
        `${RECORDS_API.uploadForm}?fileName=a.pdf&size=${TEST_PDF.length}&recordType=REPORTS`,
        'coordinator',
        who,
      );
    expect(
      (
        await post(
          GROUPS_API.updateDetails,
          {
            membershipId: coordinatorRow.membershipId,
            permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
            expiresAt: null,
          },
          'admin',
        )
      ).status,
    ).toBe(200);
    expect((await eventually(form, (r) => r.status === 403)).status).toBe(403);
    expect((await get(REQUESTS_API.loadGrid, 'coordinator', who)).status).toBe(200);

    const membership = (await get(GROUPS_API.myMemberships, 'patient')).body.find(
      (m: { groupId: string }) => m.groupId === cardiology.id,
    );
    const left = Date.now();
    expect(
      (await post(GROUPS_API.leaveGroup, { membershipId: membership.membershipId }, 'patient')).status,
    ).toBe(200);
    const first = await get(REQUESTS_API.loadGrid, 'coordinator', who);
    const refused = await eventually(
      () => get(REQUESTS_API.loadGrid, 'coordinator', who),
      (r) => r.status === 404,
    );
    expect(refused.status).toBe(404);
    console.log(
      `acting: refused ${Date.now() - left} ms after the patient left (first call after leaving answered ${first.status})`,
    );
    // Another patient's invitation is still theirs to answer, not the coordinator's.
    expect(
      (await post(PENDING_APPROVAL_API.acceptInvite, { membershipId: membership.membershipId }, 'patient3'))
        .status,
    ).toBe(404);
  });
});
