import { IMAGING_API, SHARING_API } from '@portal/contracts';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { ImagingContext } from '@portal/imaging-service';
import { type ContextKit, contextToken } from '@portal/server-kit';
import { call, eventually, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { SharingContext } from '../src';
import { unlinkUnprovedRecipients } from '../src/migrations/1767000000000-sharing-proved-addresses';

/**
 * Shares reach mailboxes, not account names (issue 23): sharing links a person invited at an address to
 * the account holding it only once its owner proved the address, and imaging opens a shared study only
 * for a linked account. Records is left out (its tests import sharing: nx refuses a cycle); the Shared
 * With Me grid and the report are in services/gateway/test/sharing-access.int-spec.ts.
 */
describe('shares reach proved addresses only', () => {
  let t: TestApp;
  let owner: string;
  let study: { patientRequestId: string; studyUid: string };

  const login = async (username: string, password = 'Demo-Portal-1') =>
    (await call(t.app, 'POST', '/api/auth/login', { body: { username, password } })).body;
  const register = async (email: string) =>
    (await call(t.app, 'POST', '/api/auth/registerAccount', { body: { email, password: 'Squat-Pass-1' } }))
      .body;
  const share = (email: string, allRecords = false) =>
    call(t.app, 'POST', SHARING_API.shareRecords, {
      token: owner,
      body: {
        notificationRecipient: [
          {
            firstName: 'Sam',
            lastName: 'Shared',
            email,
            id: email,
            relationship: 'Sibling',
            relationshipId: 5,
          },
        ],
        allRecords,
        limitedaccess: allRecords ? [] : [{ ...study, documentId: null }],
      },
    });
  const mailedToken = async (to: string, page: string) => {
    const link = new RegExp(`${page}\\?token=([\\w-]{43})`);
    const mails = await eventually(
      () => t.mail.list(to),
      (m) => m.some((x) => link.test(x.text)),
    );
    return link.exec(mails.find((m) => link.test(m.text))!.text)![1];
  };
  const recipient = async (email: string) =>
    (
      await t.query(`SELECT id, recipient_user_id, version::int FROM sharing.recipients WHERE email = $1`, [
        email,
      ])
    )[0];
  /** What imaging keeps of sharing's snapshots of this person: the account it serves, if any. */
  const imagingViewer = async (recipientId: string) =>
    (
      await t.query(
        `SELECT viewer_user_id, version::int FROM imaging.shared_access WHERE recipient_id = $1`,
        [recipientId],
      )
    )[0];
  const opens = async (token: string) =>
    (await call(t.app, 'GET', IMAGING_API.viewerToken(study.studyUid), { token })).body
      .study_available as boolean;
  const holder = async (userId: string) =>
    (
      await t.query(`SELECT email, email_verified_at FROM sharing.account_holders WHERE user_id = $1`, [
        userId,
      ])
    )[0];

  beforeAll(async () => {
    t = await startTestApp([AuthContext, RequestsContext, ImagingContext, SharingContext], { seed: true });
    owner = (await login('patient@example.com')).token;
    [study] = await eventually(
      () =>
        call(t.app, 'GET', SHARING_API.shareableRecords, { token: owner }).then(
          (r) => r.body as Array<{ patientRequestId: string; studyUid: string }>,
        ),
      (r) => r.length > 0,
      90_000,
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('the squatting sequence: a sign-up of a shared address gets nothing; the mailbox owner proves it and gets the study', async () => {
    const address = 'x@example.com';
    expect((await share(address)).status).toBe(201);
    const invitation = decodeURIComponent(
      /invitation=([^\s&]+)/.exec(
        (
          await eventually(
            () => t.mail.list(address),
            (m) => m.length > 0,
          )
        )[0].text,
      )![1],
    );
    const squatter = await register(address);
    expect(squatter.user.emailVerified).toBe(false);
    // Sharing knows the account (the invitation view says it has one) and keeps it unproved and unlinked.
    await eventually(
      () => holder(squatter.userId),
      (h) => h !== undefined,
    );
    expect(await holder(squatter.userId)).toEqual({ email: address, email_verified_at: null });
    expect(
      (await call(t.app, 'GET', SHARING_API.invitation(encodeURIComponent(invitation)))).body.hasAccount,
    ).toBe(true);
    const row = await recipient(address);
    expect(row.recipient_user_id).toBeNull();
    expect(
      (
        await eventually(
          () => imagingViewer(row.id),
          (a) => a !== undefined,
        )
      ).viewer_user_id,
    ).toBeNull();
    expect(await opens(squatter.token)).toBe(false);
    // Shared again, or with all records: still nobody's.
    expect((await share(address, true)).status).toBe(201);
    expect((await recipient(address)).recipient_user_id).toBeNull();
    expect(await opens(squatter.token)).toBe(false);

    // The mailbox's owner: the reset link mailed there proves the address (and ends the squatter's sessions).
    await call(t.app, 'POST', '/api/auth/forgotPassword', { body: { username: address } });
    expect(
      (
        await call(t.app, 'POST', '/api/auth/resetPassword', {
          body: { token: await mailedToken(address, '/reset-password'), newPassword: 'Mailbox-Owner-1' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', IMAGING_API.viewerToken(study.studyUid), { token: squatter.token })).status,
    ).toBe(401);
    const mailboxOwner = await login(address, 'Mailbox-Owner-1');
    expect(
      (
        await eventually(
          () => recipient(address),
          (r) => r.recipient_user_id !== null,
        )
      ).recipient_user_id,
    ).toBe(mailboxOwner.userId);
    expect((await holder(mailboxOwner.userId)).email_verified_at).toBeInstanceOf(Date);
    expect(
      (
        await eventually(
          () => imagingViewer(row.id),
          (a) => a.viewer_user_id !== null,
        )
      ).viewer_user_id,
    ).toBe(mailboxOwner.userId);
    expect(
      await eventually(
        () => opens(mailboxOwner.token),
        (open) => open,
      ),
    ).toBe(true);
  });

  it('signing up from the invitation link proves the address at once: linked and opened without another link', async () => {
    const address = 'invited@example.com';
    expect((await share(address)).status).toBe(201);
    const invitation = decodeURIComponent(
      /invitation=([^\s&]+)/.exec(
        (
          await eventually(
            () => t.mail.list(address),
            (m) => m.length > 0,
          )
        )[0].text,
      )![1],
    );
    const joined = (
      await call(t.app, 'POST', '/api/auth/registerAccount', {
        body: { email: address, password: 'Invited-Pass-1', invitation },
      })
    ).body;
    expect(joined.user.emailVerified).toBe(true);
    expect(
      (
        await eventually(
          () => recipient(address),
          (r) => r.recipient_user_id !== null,
        )
      ).recipient_user_id,
    ).toBe(joined.userId);
    expect(
      await eventually(
        () => opens(joined.token),
        (open) => open,
      ),
    ).toBe(true);
    expect(await t.mail.list(address)).toHaveLength(1);
  });

  it('an owner whose address is not proved yet cannot share with it either', async () => {
    const me = await register('self@example.com');
    await eventually(
      () => holder(me.userId),
      (h) => h !== undefined,
    );
    const res = await call(t.app, 'POST', SHARING_API.shareRecords, {
      token: me.token,
      body: {
        notificationRecipient: [
          {
            firstName: 'Me',
            lastName: 'Myself',
            email: 'self@example.com',
            id: 'self@example.com',
            relationship: 'Sibling',
            relationshipId: 5,
          },
        ],
        allRecords: true,
        limitedaccess: [],
      },
    });
    expect(res.status).toBe(400);
  });

  it('the migration unlinks people linked by address alone and announces it; a later proof links them again', async () => {
    const address = 'legacy@example.com';
    const legacy = await register(address);
    expect((await share(address)).status).toBe(201);
    // As before issue 23: linked at sign-up by address alone.
    await eventually(
      () => holder(legacy.userId),
      (h) => h !== undefined,
    );
    const { id, version } = await recipient(address);
    await t.query(`UPDATE sharing.recipients SET recipient_user_id = $2 WHERE id = $1`, [id, legacy.userId]);

    const sharing = t.app.get<ContextKit>(contextToken('sharing'));
    expect(await unlinkUnprovedRecipients(sharing.db)).toBe(1);
    const after = await recipient(address);
    expect(after).toEqual({ id, recipient_user_id: null, version: version + 1 });
    const [event] = await t.query(
      `SELECT payload FROM sharing.outbox WHERE type = 'sharing.access-changed' AND payload->>'recipientId' = $1 ORDER BY seq DESC LIMIT 1`,
      [id],
    );
    expect(event.payload).toEqual({
      recipientId: id,
      ownerUserId: expect.any(String),
      viewerUserId: null,
      email: address,
      name: 'Sam Shared',
      enabled: true,
      allRecords: false,
      items: [{ patientRequestId: study.patientRequestId, studyUid: study.studyUid, documentId: null }],
      expiresAt: null,
      version: version + 1,
    });
    // A proved account keeps its links; a second run finds nothing.
    expect(await unlinkUnprovedRecipients(sharing.db)).toBe(0);

    // The owner of the address proves it with the link mailed at sign-up: linked again, and imaging serves it.
    expect(
      (
        await call(t.app, 'POST', '/api/auth/verifyEmail', {
          body: { token: await mailedToken(address, '/verify-email') },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await eventually(
          () => recipient(address),
          (r) => r.recipient_user_id !== null,
        )
      ).recipient_user_id,
    ).toBe(legacy.userId);
    expect(
      await eventually(
        () => opens(legacy.token),
        (open) => open,
      ),
    ).toBe(true);
    expect(await unlinkUnprovedRecipients(sharing.db)).toBe(0);
  });
});
