import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { IMAGING_API, MESSAGES, RECORDS_API, SHARING_API, VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { eventually } from '@portal/server-kit/testing';
import { DEMO_REPORT, ST_MARY_REQUEST } from './authorization-rows';
import { startTestGateway, type TestGateway } from './test-gateway';

/**
 * Sharing through the real gateway with every context (issue 13): the demo patient shares with people
 * who have all records, one study, whose access is then removed, and a stranger; every records, imaging
 * and sharing read answers exactly what each may see. An invited person signs up from the mailed link
 * as an EXTERNAL_VIEWER; the printed access page's link and the facility's mail work.
 */
describe('sharing: who sees what', () => {
  let g: TestGateway;
  let owner: string;
  const stamp = Date.now();
  const email = (who: string) => `${who}.${stamp}@example.com`;
  const tokens: Record<string, string> = {};
  let studyA: { patientRequestId: string; studyUid: string };
  let studyB: { patientRequestId: string; studyUid: string };

  const get = (p: string, token?: string) => g.send('GET', p, { token });
  const send = (method: string, p: string, body: unknown, token?: string) =>
    g.send(method, p, { token, contentType: 'application/json', payload: JSON.stringify(body) });
  const register = async (who: string, invitation: string | null = null) =>
    send('POST', '/api/auth/registerAccount', { email: email(who), password: 'Sharing-Pass-1', invitation });
  /** The token of the newest link to `page` mailed to the person. */
  const mailedToken = async (who: string, page: string) => {
    const link = new RegExp(`${page}\\?token=([\\w-]{43})`);
    const [mail] = (
      await eventually(
        () => mails(email(who)),
        (m) => m.some((x) => link.test(x.text)),
      )
    ).filter((x) => link.test(x.text));
    return link.exec(mail.text)![1];
  };
  /** A sign-up that proved its address with the link mailed to it (only a proved address receives shares). */
  const registerProved = async (who: string) => {
    const res = await register(who);
    expect(
      (await send('POST', '/api/auth/verifyEmail', { token: await mailedToken(who, '/verify-email') }))
        .status,
    ).toBe(200);
    return res;
  };
  const person = (who: string, relationship = 'Sibling') => ({
    firstName: who,
    lastName: 'Tester',
    email: email(who),
    id: email(who),
    relationship,
    relationshipId: 5,
  });
  /** The records shared with the caller, as the Shared With Me grid reads them. */
  const sharedGrid = async (token: string): Promise<string[]> => {
    const { identifier } = (await get(`${RECORDS_API.loadGrid}?onlyShared=true`, token)).body;
    await eventually(
      () => get(`${RECORDS_API.checkData}?identifier=${identifier}`, token).then((r) => r.body.isReady),
      (ready) => ready === true,
    );
    const chunk = (
      await get(`${RECORDS_API.fetchData}?identifier=${identifier}&chunkSize=500&chunkOffset=0`, token)
    ).body;
    return (chunk.rows as Array<{ study_instance_uid: string | null; sharedWithMe: boolean }>)
      .filter((r) => r.sharedWithMe)
      .map((r) => r.study_instance_uid ?? '')
      .sort();
  };
  const viewerToken = (study: string, token: string) =>
    get(IMAGING_API.viewerToken(study), token).then(
      (r) => r.body as { jwt: string | null; study_available: boolean },
    );
  const mails = async (to: string) =>
    (await get(`/api/dev/mail?to=${encodeURIComponent(to)}`)).body as Array<{
      subject: string;
      text: string;
    }>;

  beforeAll(async () => {
    g = await startTestGateway();
    owner = await g.login('patient@example.com');
    const records = (await get(SHARING_API.shareableRecords, owner)).body as Array<{
      patientRequestId: string;
      studyUid: string;
    }>;
    [studyA, studyB] = records;
    for (const who of ['all', 'limited', 'revoked', 'stranger', 'leaver'])
      tokens[who] = (await registerProved(who)).body.token;
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          { notificationRecipient: [person('all')], allRecords: true, limitedaccess: [] },
          owner,
        )
      ).status,
    ).toBe(201);
    for (const who of ['limited', 'revoked']) {
      expect(
        (
          await send(
            'POST',
            SHARING_API.shareRecords,
            {
              notificationRecipient: [person(who)],
              allRecords: false,
              limitedaccess: [{ ...studyA, documentId: null }],
            },
            owner,
          )
        ).status,
      ).toBe(201);
    }
  }, 240_000);
  afterAll(() => g?.close());

  const idOf = async (who: string) =>
    (
      (await get(SHARING_API.sharedUsers, owner)).body as Array<{
        email: string;
        patient_portal_user_id: string;
      }>
    ).find((p) => p.email === email(who))!.patient_portal_user_id;

  it('lists the people with what each sees; refuses another patient and bad input', async () => {
    const people = (await get(SHARING_API.sharedUsers, owner)).body as Array<{
      email: string;
      study_count: unknown;
    }>;
    expect(people.find((p) => p.email === email('all'))?.study_count).toBe('All Records');
    expect(people.find((p) => p.email === email('limited'))?.study_count).toBe(1);
    const limitedId = await idOf('limited');
    expect(
      (await get(SHARING_API.sharedPerson(limitedId), owner)).body.records.map(
        (r: { studyUid: string }) => r.studyUid,
      ),
    ).toEqual([studyA.studyUid]);
    expect((await get(SHARING_API.sharedPerson(limitedId), tokens.stranger)).status).toBe(404);
    expect((await send('PUT', SHARING_API.removeSharedUser(limitedId), {}, tokens.stranger)).status).toBe(
      404,
    );
    const bad = await send(
      'POST',
      SHARING_API.shareRecords,
      {
        notificationRecipient: [{ ...person('x'), email: 'not-mail' }],
        allRecords: false,
        limitedaccess: [],
      },
      owner,
    );
    expect(bad.status).toBe(400);
    const someoneElses = await send(
      'POST',
      SHARING_API.shareRecords,
      {
        notificationRecipient: [person('x')],
        allRecords: false,
        limitedaccess: [{ ...studyA, documentId: null }],
      },
      tokens.stranger,
    );
    expect(someoneElses.status).toBe(404);
    const recipients = (
      await get(`${SHARING_API.recipients(studyB.patientRequestId)}?studyUid=${studyB.studyUid}`, owner)
    ).body as Array<{ email: string; is_enabled: boolean }>;
    expect(recipients.filter((r) => r.is_enabled).map((r) => r.email)).toEqual([email('all')]);
  });

  it('records and imaging answer each person exactly their grant; removing access takes effect on the next call', async () => {
    await eventually(
      () => sharedGrid(tokens.limited),
      (rows) => rows.length === 1,
    );
    expect(await sharedGrid(tokens.limited)).toEqual([studyA.studyUid]);
    expect(
      await eventually(
        () => sharedGrid(tokens.all),
        (rows) => rows.length > 1,
      ),
    ).toEqual(expect.arrayContaining([studyA.studyUid, studyB.studyUid]));
    expect(await sharedGrid(tokens.stranger)).toEqual([]);

    const request = await get(RECORDS_API.patientRequest(studyA.patientRequestId), tokens.limited);
    expect(request.status).toBe(200);
    expect(
      request.body.approved_cfind_responses.map(
        (r: { cfind_response?: { study_instance_uid: string } }) => r.cfind_response?.study_instance_uid,
      ),
    ).toEqual([studyA.studyUid]);
    expect((await get(RECORDS_API.patientRequest(studyA.patientRequestId), tokens.stranger)).status).toBe(
      404,
    );

    const limitedView = await viewerToken(studyA.studyUid, tokens.limited);
    expect(limitedView.study_available).toBe(true);
    expect((await viewerToken(studyB.studyUid, tokens.limited)).study_available).toBe(false);
    expect((await viewerToken(studyB.studyUid, tokens.all)).study_available).toBe(true);
    expect((await viewerToken(studyA.studyUid, tokens.stranger)).study_available).toBe(false);
    const metadata = `${IMAGING_API.studies}/${studyA.studyUid}/metadata`;
    expect((await get(metadata)).status).toBe(401);
    const withToken = (token: string) =>
      fetch(g.base + metadata, { headers: { [VIEWER_TOKEN_HEADER]: token } });
    expect((await withToken(limitedView.jwt!)).status).toBe(200);

    const zip = await get(
      `${SHARING_API.downloadAllAttachments}?patientRequestId=${studyA.patientRequestId}&studyUid=${studyA.studyUid}`,
      tokens.limited,
    );
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(g.base + zip.body.url)).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(
      (
        await get(
          `${SHARING_API.downloadAllAttachments}?patientRequestId=${studyB.patientRequestId}&studyUid=${studyB.studyUid}`,
          tokens.limited,
        )
      ).status,
    ).toBe(404);

    // Issue 24: every read of a grantee goes through the owner's rule: the all-records person opens the owner's report.
    const content = await get(RECORDS_API.attachmentContent(ST_MARY_REQUEST, DEMO_REPORT), tokens.all);
    expect(content.status).toBe(200);
    const pdf = await fetch(g.base + RECORDS_API.download(content.body.identifier));
    expect([
      pdf.status,
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ]).toEqual([200, '%PDF-']);
    expect(
      (await get(RECORDS_API.attachmentContent(ST_MARY_REQUEST, DEMO_REPORT), tokens.stranger)).status,
    ).toBe(404);

    // The revoked person: shared, then removed; the limited person loses study A while holding an open viewer token.
    expect((await viewerToken(studyA.studyUid, tokens.revoked)).study_available).toBe(true);
    expect((await send('PUT', SHARING_API.removeSharedUser(await idOf('revoked')), {}, owner)).body).toBe(
      'OK',
    );
    expect(
      (
        await send(
          'PUT',
          SHARING_API.removeAccess(await idOf('limited')),
          { study_uuid: studyA.studyUid, document_id: null },
          owner,
        )
      ).body,
    ).toBe('OK');
    await eventually(
      () => withToken(limitedView.jwt!).then((r) => r.status),
      (s) => s === 404,
    );
    expect((await withToken(limitedView.jwt!)).status).toBe(404);
    expect((await viewerToken(studyA.studyUid, tokens.revoked)).study_available).toBe(false);
    expect(await sharedGrid(tokens.revoked)).toEqual([]);
    expect(await sharedGrid(tokens.limited)).toEqual([]);
    expect((await get(RECORDS_API.patientRequest(studyA.patientRequestId), tokens.limited)).status).toBe(404);
  });

  it('tells the owner of the first access and counts openings', async () => {
    const allId = await idOf('all');
    const details = await eventually(
      () => get(SHARING_API.sharedPerson(allId), owner).then((r) => r.body),
      (d) => d.open_count > 0,
    );
    expect(details.last_opened_at).not.toBeNull();
    expect(
      await eventually(
        () => mails('patient@example.com'),
        (m) => m.some((x) => x.subject.includes('opened your shared records')),
      ),
    ).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: `all Tester opened your shared records` })]),
    );
  });

  it('shares reach mailboxes, not account names: a sign-up of a shared address sees nothing until the address is proved', async () => {
    const report = { patientRequestId: ST_MARY_REQUEST, documentId: DEMO_REPORT };
    const canRead = async (token: string) => ({
      grid: await sharedGrid(token),
      request: (await get(RECORDS_API.patientRequest(report.patientRequestId), token)).status,
      report: (await get(RECORDS_API.attachments(report.patientRequestId, report.documentId), token)).status,
      study: (await viewerToken(studyA.studyUid, token)).study_available,
    });
    // The patient shares everything with an address nobody has an account with yet.
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          { notificationRecipient: [person('squatted')], allRecords: true, limitedaccess: [] },
          owner,
        )
      ).status,
    ).toBe(201);
    // Someone else signs up with that address, without the invitation: signed in at once, and sees nothing.
    const squatter = (await register('squatted')).body;
    expect(squatter.user.emailVerified).toBe(false);
    // Sharing has learnt of the account (the invitation view says it has one) and still links nothing.
    const [invitationMail] = (await mails(email('squatted'))).filter((m) => /invitation=/.test(m.text));
    const invitation = decodeURIComponent(/invitation=([^\s&]+)/.exec(invitationMail.text)![1]);
    expect(
      (
        await eventually(
          () => get(SHARING_API.invitation(invitation)),
          (r) => r.body.hasAccount === true,
        )
      ).body.hasAccount,
    ).toBe(true);
    expect(await canRead(squatter.token)).toEqual({ grid: [], request: 404, report: 404, study: false });
    // Sharing again with the address changes nothing for them.
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          {
            notificationRecipient: [person('squatted')],
            allRecords: false,
            limitedaccess: [{ ...studyB, documentId: null }],
          },
          owner,
        )
      ).status,
    ).toBe(201);
    expect(await canRead(squatter.token)).toEqual({ grid: [], request: 404, report: 404, study: false });

    // The real owner of the mailbox takes the account back through the reset link mailed there: that proves the
    // address, ends the squatter's sessions, and the shared records appear for the owner of the mailbox.
    expect((await send('POST', '/api/auth/forgotPassword', { username: email('squatted') })).status).toBe(
      200,
    );
    expect(
      (
        await send('POST', '/api/auth/resetPassword', {
          token: await mailedToken('squatted', '/reset-password'),
          newPassword: 'Mailbox-Owner-1',
        })
      ).status,
    ).toBe(200);
    expect((await get('/api/user/roles', squatter.token)).status).toBe(401);
    const mailboxOwner = (
      await send('POST', '/api/auth/login', { username: email('squatted'), password: 'Mailbox-Owner-1' })
    ).body;
    expect(mailboxOwner.user.emailVerified).toBe(true);
    expect(
      await eventually(
        () => canRead(mailboxOwner.token),
        (r) => r.study && r.grid.length > 1,
      ),
    ).toEqual({
      grid: expect.arrayContaining([studyA.studyUid, studyB.studyUid]),
      request: 200,
      report: 200,
      study: true,
    });
  });

  it('an account that signed up before it was shared with sees the records once its owner follows the link mailed at sign-up', async () => {
    const late = (await register('unproved')).body;
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          {
            notificationRecipient: [person('unproved')],
            allRecords: false,
            limitedaccess: [{ ...studyA, documentId: null }],
          },
          owner,
        )
      ).status,
    ).toBe(201);
    expect(await sharedGrid(late.token)).toEqual([]);
    expect((await viewerToken(studyA.studyUid, late.token)).study_available).toBe(false);
    expect(
      (await send('POST', '/api/auth/verifyEmail', { token: await mailedToken('unproved', '/verify-email') }))
        .body,
    ).toEqual({ message: MESSAGES.emailVerified, email: email('unproved') });
    expect(
      await eventually(
        () => sharedGrid(late.token),
        (rows) => rows.length === 1,
      ),
    ).toEqual([studyA.studyUid]);
    expect((await viewerToken(studyA.studyUid, late.token)).study_available).toBe(true);
  });

  it('an invited address without an account signs up from the mailed link as an EXTERNAL_VIEWER (the invited address only)', async () => {
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          {
            notificationRecipient: [person('newcomer')],
            allRecords: false,
            limitedaccess: [{ ...studyB, documentId: null }],
          },
          owner,
        )
      ).status,
    ).toBe(201);
    const [mail] = await eventually(
      () => mails(email('newcomer')),
      (m) => m.length > 0,
    );
    const token = decodeURIComponent(/invitation=([^\s&]+)/.exec(mail.text)![1]);
    expect((await get(SHARING_API.invitation(token))).body).toMatchObject({
      email: email('newcomer'),
      hasAccount: false,
    });
    // The invitation link reached that mailbox: the account is proved at once and sees the records without another link.
    expect((await get(SHARING_API.invitation('forged'))).status).toBe(400);
    const wrong = await send('POST', '/api/auth/registerAccount', {
      email: email('someone-else'),
      password: 'Sharing-Pass-1',
      invitation: token,
    });
    expect(wrong.status).toBe(400);
    const joined = await register('newcomer', token);
    expect(joined.status).toBe(201);
    expect(
      (await get('/api/user/roles', joined.body.token)).body.map((r: { mnemonic: string }) => r.mnemonic),
    ).toEqual(['EXTERNAL_VIEWER']);
    expect(joined.body.user.emailVerified).toBe(true);
    expect(
      await eventually(
        () => sharedGrid(joined.body.token),
        (rows) => rows.length === 1,
      ),
    ).toEqual([studyB.studyUid]);
  });

  it('the person shared with leaves the share: they see nothing more and the owner no longer lists them; nobody else can end it', async () => {
    const leaver = tokens.leaver;
    expect(
      (
        await send(
          'POST',
          SHARING_API.shareRecords,
          { notificationRecipient: [person('leaver')], allRecords: true, limitedaccess: [] },
          owner,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await eventually(
          () => sharedGrid(leaver),
          (rows) => rows.length > 1,
        )
      ).length,
    ).toBeGreaterThan(1);
    const ownerUserId = JSON.parse(Buffer.from(owner.split('.')[1], 'base64url').toString()).sub as string;
    const leave = (token: string, id = ownerUserId) =>
      g.send('DELETE', SHARING_API.leaveShare(id), { token });
    // A stranger, and the owner naming themself, share nothing with the caller: 404; no uuid: 400 with the schema's message.
    expect((await leave(tokens.stranger)).status).toBe(404);
    expect((await leave(owner)).status).toBe(404);
    expect((await leave(leaver, 'not-an-id')).body).toMatchObject({
      statusCode: 400,
      message: 'ownerUserId must be a uuid',
    });
    expect((await leave(leaver)).body).toBe('OK');
    expect(
      (await get(SHARING_API.sharedUsers, owner)).body.map((p: { email: string }) => p.email),
    ).not.toContain(email('leaver'));
    expect(
      await eventually(
        () => sharedGrid(leaver),
        (rows) => rows.length === 0,
      ),
    ).toEqual([]);
    expect((await get(RECORDS_API.attachmentContent(ST_MARY_REQUEST, DEMO_REPORT), leaver)).status).toBe(404);
    expect((await leave(leaver)).status).toBe(404);
  });

  it('the ISO of a study: streamed, named from the patient, with DICOMDIR and the DICOM files that dcmtk and isoinfo read', async () => {
    const answer = await get(
      `${SHARING_API.generateIdentifierForISO}?patientRequestId=${studyB.patientRequestId}&studyUid=${studyB.studyUid}`,
      owner,
    );
    expect(answer.status).toBe(200);
    const res = await fetch(g.base + answer.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename=".+\.iso"/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'iso-'));
    const iso = path.join(dir, 'study.iso');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    fs.writeFileSync(iso, body);
    const listing = execFileSync('isoinfo', ['-f', '-i', iso]).toString();
    expect(execFileSync('isoinfo', ['-J', '-f', '-i', iso]).toString()).toMatch(/^\/DICOMDIR;1$/m);
    expect(listing).toMatch(/^\/DICOMDIR;1$/m);
    expect(listing).toMatch(/^\/DICOM\/S0001\/I0001;1$/m);
    expect(listing).toMatch(/^\/README.TXT;1$/m);
    fs.writeFileSync(
      path.join(dir, 'DICOMDIR'),
      execFileSync('isoinfo', ['-x', '/DICOMDIR;1', '-i', iso], { maxBuffer: 1 << 26 }),
    );
    const directory = execFileSync('dcmdump', [
      '+P',
      'ReferencedFileID',
      '+P',
      'ReferencedSOPInstanceUIDInFile',
      path.join(dir, 'DICOMDIR'),
    ]).toString();
    expect(directory).toContain('[DICOM\\S0001\\I0001]');
    fs.writeFileSync(
      path.join(dir, 'I0001'),
      execFileSync('isoinfo', ['-x', '/DICOM/S0001/I0001;1', '-i', iso], { maxBuffer: 1 << 28 }),
    );
    expect(execFileSync('dcmdump', ['+P', 'StudyInstanceUID', path.join(dir, 'I0001')]).toString()).toContain(
      studyB.studyUid,
    );
    const sop = /\[([\d.]+)\]/.exec(
      execFileSync('dcmdump', ['+P', 'SOPInstanceUID', path.join(dir, 'I0001')]).toString(),
    )![1];
    expect(directory).toContain(`[${sop}]`);
    expect((await fetch(`${g.base}${IMAGING_API.fetchDownloadISO}?identifier=forged`)).status).toBe(401);
  });

  it('the printed access page opens its studies with its password; a facility is mailed a link', async () => {
    const page = await send(
      'POST',
      SHARING_API.printAccessPage,
      { patientRequestId: studyA.patientRequestId, studyUid: studyA.studyUid },
      owner,
    );
    expect(page.status).toBe(201);
    expect(page.body).toMatchObject({
      studies: [expect.objectContaining({})],
      link: { need_password: true, purpose: 'print-access-page' },
    });
    const linkId = page.body.link.id as string;
    expect((await get(SHARING_API.viewerConfig(linkId))).body).toEqual({ need_password: true });
    expect(
      (await send('POST', SHARING_API.validateViewerPassword(linkId), { password: 'wrong-password' })).status,
    ).toBe(400);
    expect(
      (await send('POST', SHARING_API.validateViewerPassword(linkId), { password: page.body.password }))
        .status,
    ).toBe(200);
    expect(
      (
        await send(
          'POST',
          SHARING_API.printAccessPage,
          { patientRequestId: studyA.patientRequestId, studyUid: studyA.studyUid },
          tokens.stranger,
        )
      ).status,
    ).toBe(404);

    const facilityMail = `desk.${stamp}@facility.example`;
    const shared = await send(
      'POST',
      SHARING_API.shareWithFacility,
      {
        patientRequestId: studyA.patientRequestId,
        custodian: 'c1',
        alias: 'Lakeside Radiology',
        studyUid: studyA.studyUid,
        note: 'For my appointment',
        email: facilityMail,
      },
      owner,
    );
    expect(shared.status).toBe(200);
    const [mail] = await eventually(
      () => mails(facilityMail),
      (m) => m.length > 0,
    );
    expect(mail.text).toContain('For my appointment');
    const viewId = /\/view\/(\S+)/.exec(mail.text)![1];
    expect((await get(SHARING_API.viewerConfig(viewId))).body).toMatchObject({
      need_password: false,
      token: expect.any(String),
    });
    const long = await send(
      'POST',
      SHARING_API.shareWithFacility,
      {
        patientRequestId: studyA.patientRequestId,
        custodian: 'c1',
        studyUid: studyA.studyUid,
        note: 'x'.repeat(201),
        email: facilityMail,
      },
      owner,
    );
    expect(long.body).toMatchObject({ statusCode: 400, message: 'Max length is 200 characters' });
    const links = (await get(SHARING_API.viewerLinks, owner)).body as Array<{
      id: string;
      purpose: string;
      open_count: number;
    }>;
    expect(links.find((l) => l.id === viewId)).toMatchObject({ purpose: 'facility', open_count: 1 });
    expect((await g.send('DELETE', SHARING_API.viewerLink(viewId), { token: owner })).body).toBe('OK');
    expect((await get(SHARING_API.viewerConfig(viewId))).status).toBe(404);
  });
});
