import { randomUUID } from 'node:crypto';
import { AuthContext } from '@portal/auth-service';
import { RecordsContext } from '@portal/records-service';
import { MEETING_TOKEN_HEADER, VIDEO_MEETING_API as API } from '@portal/contracts';
import { demoUserId } from '@portal/server-kit';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';

const tokenOf = async (t: TestApp, username: string) =>
  (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body
    .token as string;

const PATIENT = 'patient@example.com';
const PROVIDER = 'provider@example.com';

/**
 * A meeting of a consultation of a scan, written as the facility's scheduling would: the patient is
 * the guest, the provider the host, each with their own participant (link).
 */
const meetingRows = async (t: TestApp, start: Date, end: Date) => {
  const ids = {
    custodian: randomUUID(),
    findingType: randomUUID(),
    scan: randomUUID(),
    consultation: randomUUID(),
    meeting: randomUUID(),
    guest: randomUUID(),
    host: randomUUID(),
  };
  await t.query(
    `INSERT INTO records.wbs_facilities (custodian_id, name, launcher_title, launcher_url) VALUES ($1, 'Test WBS', 'View', 'https://wbs.example')`,
    [ids.custodian],
  );
  await t.query(
    `INSERT INTO records.whole_body_scans (id, user_id, person_id, custodian_id, scan_date, first_name, last_name, patient_sex, published_by)
     VALUES ($1, $2, $2, $3, '2026-11-01', 'Jane', 'Doe', 'FEMALE', $4)`,
    [ids.scan, demoUserId(PATIENT), ids.custodian, demoUserId(PROVIDER)],
  );
  await t.query(
    `INSERT INTO records.wbs_consultations (id, scan_id, user_id, note, status) VALUES ($1, $2, $3, 'My heart', 'SCHEDULED')`,
    [ids.consultation, ids.scan, demoUserId(PATIENT)],
  );
  await t.query(
    `INSERT INTO records.video_meetings (id, consultation_id, title, scheduled_start, scheduled_end) VALUES ($1, $2, 'Consultation', $3, $4)`,
    [ids.meeting, ids.consultation, start, end],
  );
  await t.query(
    `INSERT INTO records.video_meeting_participants (id, meeting_id, user_id, role, display_name) VALUES
       ($1, $3, $4, 'GUEST', 'Jane Doe'), ($2, $3, $5, 'HOST', 'Dr. Mary')`,
    [ids.guest, ids.host, ids.meeting, demoUserId(PATIENT), demoUserId(PROVIDER)],
  );
  return ids;
};

describe('video meetings: links, waiting room, signalling', () => {
  let t: TestApp;
  let patient: string;
  let provider: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext, RecordsContext], { seed: true });
    [patient, provider, other] = await Promise.all(
      [PATIENT, PROVIDER, 'patient2@example.com'].map((u) => tokenOf(t, u)),
    );
  });
  afterAll(() => t?.close());

  const now = () => Date.now();
  const openMeeting = () => meetingRows(t, new Date(now() - 60_000), new Date(now() + 3_600_000));
  const post = (token: string, path: string, room?: string, body?: unknown) =>
    call(t.app, 'POST', path, { token, body, headers: room ? { [MEETING_TOKEN_HEADER]: room } : {} });
  const poll = (token: string, m: string, p: string, room: string, after: number) =>
    call(t.app, 'GET', `${API.signals(m, p)}?after=${after}`, {
      token,
      headers: { [MEETING_TOKEN_HEADER]: room },
    });

  it('answers the ICE servers and the window of a link', async () => {
    const res = await call(t.app, 'GET', API.config, { token: patient });
    expect(res.body).toEqual({ iceServers: [], opensMinutesBefore: 15, closesMinutesAfter: 60 });
    expect((await call(t.app, 'GET', API.config)).status).toBe(401);
  });

  it("opens a link only for its own participant: another user's is 403, an unknown one 404", async () => {
    const m = await openMeeting();
    const mine = await call(t.app, 'GET', API.checkVideoMeetingLink(m.meeting, m.guest), { token: patient });
    expect(mine.body).toMatchObject({
      state: 'OPEN',
      participant: { id: m.guest, role: 'GUEST', display_name: 'Jane Doe' },
      whole_body_scan_id: m.scan,
    });
    const stolen = await call(t.app, 'GET', API.checkVideoMeetingLink(m.meeting, m.guest), { token: other });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(
      'This meeting link belongs to someone else. Please use the link that was sent to you.',
    );
    expect((await post(other, API.joinVideoMeeting(m.meeting, m.guest))).status).toBe(403);
    // The patient cannot take the host's place either.
    expect((await post(patient, API.joinVideoMeeting(m.meeting, m.host))).status).toBe(403);
    expect(
      (await call(t.app, 'GET', API.checkVideoMeetingLink(randomUUID(), m.guest), { token: patient })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', API.checkVideoMeetingLink('not-a-uuid', m.guest), { token: patient })).status,
    ).toBe(404);
    // A participant of another meeting is not one of this meeting.
    const n = await openMeeting();
    expect(
      (await call(t.app, 'GET', API.checkVideoMeetingLink(m.meeting, n.guest), { token: patient })).status,
    ).toBe(404);
  });

  it('refuses to join outside the window: before it opens, after it closes', async () => {
    const early = await meetingRows(t, new Date(now() + 3_600_000), new Date(now() + 5_400_000));
    const res = await post(patient, API.joinVideoMeeting(early.meeting, early.guest));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This meeting has not started yet. The link opens 15 minutes before the start.',
    );
    const check = await call(t.app, 'GET', API.checkVideoMeetingLink(early.meeting, early.guest), {
      token: patient,
    });
    expect(check.body.state).toBe('EARLY');
    const late = await meetingRows(t, new Date(now() - 7_200_000), new Date(now() - 3_700_000));
    const closed = await post(patient, API.joinVideoMeeting(late.meeting, late.guest));
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This meeting has ended.');
  });

  it('keeps a guest waiting until the host admits, then carries signals between them only', async () => {
    const m = await openMeeting();
    const host = (await post(provider, API.joinVideoMeeting(m.meeting, m.host))).body;
    expect(host).toMatchObject({ admitted: true });
    const guest = (await post(patient, API.joinVideoMeeting(m.meeting, m.guest))).body;
    expect(guest).toMatchObject({ admitted: false });

    // The host hears of the waiting guest.
    const seen = await poll(provider, m.meeting, m.host, host.token, host.cursor);
    const peers = seen.body.events.filter((e: any) => e.type === 'peers').pop().peers;
    expect(peers).toEqual(
      expect.arrayContaining([expect.objectContaining({ participantId: m.guest, state: 'WAITING' })]),
    );
    // A waiting guest cannot signal, nor be signalled.
    const offer = { to: m.host, kind: 'offer', payload: { type: 'offer', sdp: 'v=0' } };
    expect((await post(patient, API.signals(m.meeting, m.guest), guest.token, offer)).status).toBe(409);
    expect(
      (await post(provider, API.signals(m.meeting, m.host), host.token, { ...offer, to: m.guest })).status,
    ).toBe(409);
    // Only the host admits.
    expect(
      (await post(patient, API.admit(m.meeting, m.guest), guest.token, { participantId: m.guest })).status,
    ).toBe(403);
    expect(
      (await post(provider, API.admit(m.meeting, m.host), host.token, { participantId: m.guest })).status,
    ).toBe(204);
    const admitted = await poll(patient, m.meeting, m.guest, guest.token, guest.cursor);
    expect(admitted.body.events.map((e: any) => e.type)).toContain('admitted');

    // An offer reaches the host, and nobody else reads it.
    expect((await post(patient, API.signals(m.meeting, m.guest), guest.token, offer)).status).toBe(204);
    const got = await poll(provider, m.meeting, m.host, host.token, seen.body.cursor);
    expect(got.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'signal', from: m.guest, kind: 'offer', payload: offer.payload }),
      ]),
    );
    // The answer reaches the guest; the guest's own offer is not among what the guest reads.
    const answer = { to: m.guest, kind: 'answer', payload: { type: 'answer', sdp: 'v=0' } };
    expect((await post(provider, API.signals(m.meeting, m.host), host.token, answer)).status).toBe(204);
    const guestSees = await poll(patient, m.meeting, m.guest, guest.token, admitted.body.cursor);
    expect(guestSees.body.events.filter((e: any) => e.type === 'signal')).toEqual([
      expect.objectContaining({ from: m.host, kind: 'answer' }),
    ]);
  });

  it('wakes a waiting poll as soon as a signal arrives', async () => {
    const m = await openMeeting();
    const host = (await post(provider, API.joinVideoMeeting(m.meeting, m.host))).body;
    const guest = (await post(patient, API.joinVideoMeeting(m.meeting, m.guest))).body;
    await post(provider, API.admit(m.meeting, m.host), host.token, { participantId: m.guest });
    const drained = await poll(provider, m.meeting, m.host, host.token, host.cursor);
    const waiting = poll(provider, m.meeting, m.host, host.token, drained.body.cursor);
    await post(patient, API.signals(m.meeting, m.guest), guest.token, {
      to: m.host,
      kind: 'candidate',
      payload: { candidate: 'candidate:1 1 udp 1 192.0.2.2 5000 typ host', sdpMid: '0' },
    });
    const res = await waiting;
    expect(res.body.events).toEqual([expect.objectContaining({ type: 'signal', kind: 'candidate' })]);
  });

  it('refuses bad signals and calls without the room token of the latest join', async () => {
    const m = await openMeeting();
    const first = (await post(provider, API.joinVideoMeeting(m.meeting, m.host))).body;
    const second = (await post(provider, API.joinVideoMeeting(m.meeting, m.host))).body;
    // The same link joined again elsewhere retires the first window's token.
    expect((await poll(provider, m.meeting, m.host, first.token, 0)).status).toBe(409);
    expect((await poll(provider, m.meeting, m.host, second.token, 0)).status).toBe(200);
    expect((await call(t.app, 'GET', API.signals(m.meeting, m.host), { token: provider })).status).toBe(409);
    for (const bad of [
      { to: 'nope', kind: 'offer', payload: {} },
      { to: m.guest, kind: 'shout', payload: {} },
      { to: m.guest, kind: 'offer' },
      { to: m.guest, kind: 'offer', payload: { sdp: 'x'.repeat(70_000) } },
    ])
      expect((await post(provider, API.signals(m.meeting, m.host), second.token, bad)).status).toBe(400);
    expect((await poll(provider, m.meeting, m.host, second.token, -1)).status).toBe(400);
  });

  it('lets a participant leave and rejoin with the same link, and the host end it for all', async () => {
    const m = await openMeeting();
    const host = (await post(provider, API.joinVideoMeeting(m.meeting, m.host))).body;
    const guest = (await post(patient, API.joinVideoMeeting(m.meeting, m.guest))).body;
    await post(provider, API.admit(m.meeting, m.host), host.token, { participantId: m.guest });
    expect((await post(patient, API.leaveMeeting(m.meeting, m.guest), guest.token)).status).toBe(204);
    expect((await poll(patient, m.meeting, m.guest, guest.token, 0)).status).toBe(409);
    // Admitted once: straight back in.
    const again = (await post(patient, API.joinVideoMeeting(m.meeting, m.guest))).body;
    expect(again.admitted).toBe(true);
    // Only the host ends it.
    expect((await post(patient, API.end(m.meeting, m.guest), again.token)).status).toBe(403);
    expect((await post(provider, API.end(m.meeting, m.host), host.token)).status).toBe(204);
    const ended = await poll(patient, m.meeting, m.guest, again.token, again.cursor);
    // The room is closed: a window that polls after the end hears why.
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe('This meeting has ended.');
    expect((await post(patient, API.joinVideoMeeting(m.meeting, m.guest))).status).toBe(409);
    const [consultation] = await t.query(`SELECT status FROM records.wbs_consultations WHERE id = $1`, [
      m.consultation,
    ]);
    expect(consultation.status).toBe('COMPLETED');
    const audit = await t.query(`SELECT action FROM records.audit_log WHERE resource_id = $1 ORDER BY id`, [
      m.meeting,
    ]);
    expect(audit.map((a: any) => a.action)).toEqual(
      expect.arrayContaining([
        'records.video-meeting-joined',
        'records.video-meeting-admitted',
        'records.video-meeting-left',
        'records.video-meeting-ended',
      ]),
    );
  });
});
