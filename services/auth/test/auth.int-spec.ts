import { AuthContext } from '@portal/auth-service';
import { MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';

const PASSWORD = 'Demo-Portal-1';
const login = (t: TestApp, username: string, password = PASSWORD, remember = false) =>
  call(t.app, 'POST', '/api/auth/login', { body: { username, password, remember } });

describe('auth context', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
  });
  afterAll(() => t?.close());

  describe('POST /api/auth/login', () => {
    it('answers token, role with mnemonic, userId, challenge and user data', async () => {
      const res = await login(t, 'patient@example.com');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        role: { role_mnemonic: 'PATIENT', mnemonic: 'PATIENT', active: true },
        challenge: null,
        user: { email: 'patient@example.com', firstName: 'Pat', role: { mnemonic: 'PATIENT' } },
      });
      expect(res.body.token.split('.')).toHaveLength(3);
      expect(res.body.refresh_token.length).toBeGreaterThan(40);
      expect(res.body.expiryTime).toBeGreaterThan(Date.now());
    });

    it('refuses a wrong password with the shared error body', async () => {
      const res = await login(t, 'patient@example.com', 'wrong-password');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        code: 'AUTH.INVALID_CREDENTIALS',
        message: MESSAGES.invalidCredentials,
      });
    });

    it('gives an unknown address the same answer as a wrong password', async () => {
      const res = await login(t, 'nobody@example.com');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTH.INVALID_CREDENTIALS');
    });

    it.each([
      ['/api/auth/login', { username: { $gt: '' }, password: 'x' }],
      ['/api/auth/login', { username: ['a'], password: 'x' }],
      ['/api/auth/forgotPassword', { username: { $ne: null } }],
      ['/api/auth/forgotPassword', { username: ['patient@example.com'] }],
    ])(
      'refuses an operator object or a list as the username on %s with a 400, not a 500',
      async (path, body) => {
        const res = await call(t.app, 'POST', path, { body });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'REQUEST.VALIDATION_FAILED',
          errors: { username: expect.stringMatching(/^username must be a string/) },
        });
      },
    );

    it.each([
      [{ username: 'not-an-email', password: 'x' }, 'username', MESSAGES.loginUserEmail],
      [{ username: 'patient@example.com' }, 'password', MESSAGES.loginPassword],
      [{ password: 'x' }, 'username', MESSAGES.loginUserEmail],
    ])('validates %j with the form messages', async (body, field, message) => {
      const res = await call(t.app, 'POST', '/api/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.VALIDATION_FAILED');
      expect(res.body.errors[field]).toBe(message);
    });
  });

  describe('sessions', () => {
    it('refuses the access token after logout (token replay)', async () => {
      const { body } = await login(t, 'viewer@example.com');
      expect((await call(t.app, 'GET', '/api/user/roles', { token: body.token })).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/auth/logout', { token: body.token })).status).toBe(200);
      const replay = await call(t.app, 'GET', '/api/user/roles', { token: body.token });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('AUTH.UNAUTHENTICATED');
      expect(
        (await call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token: body.refresh_token } }))
          .status,
      ).toBe(401);
    });

    it('logout ends every session of the user at once', async () => {
      const a = (await login(t, 'fhir@example.com')).body;
      const b = (await login(t, 'fhir@example.com')).body;
      await call(t.app, 'POST', '/api/auth/logout', { token: a.token });
      expect((await call(t.app, 'GET', '/api/user/role', { token: b.token })).status).toBe(401);
      expect(
        (await call(t.app, 'POST', '/api/auth/refresh', { body: { refresh_token: b.refresh_token } })).status,
      ).toBe(401);
    });

    it('rotates refresh tokens, and a token used twice revokes the whole family', async () => {
      const first = (await login(t, 'coordinator@example.com', PASSWORD, true)).body;
      const second = await call(t.app, 'POST', '/api/auth/refresh', {
        body: { refresh_token: first.refresh_token },
      });
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.refresh_token);
      // The first token again: a replay. The family dies, including the newest token and its access token.
      const replay = await call(t.app, 'POST', '/api/auth/refresh', {
        body: { refresh_token: first.refresh_token },
      });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('AUTH.REFRESH_REUSED');
      expect(
        (
          await call(t.app, 'POST', '/api/auth/refresh', {
            body: { refresh_token: second.body.refresh_token },
          })
        ).status,
      ).toBe(401);
      expect((await call(t.app, 'GET', '/api/user/role', { token: second.body.token })).status).toBe(401);
      // Another sign-in of the same user is a new family and unaffected.
      const fresh = (await login(t, 'coordinator@example.com')).body;
      expect((await call(t.app, 'GET', '/api/user/role', { token: fresh.token })).status).toBe(200);
    });

    it('refuses calls without a token or with a forged one', async () => {
      expect((await call(t.app, 'GET', '/api/user/roles')).status).toBe(401);
      const { body } = await login(t, 'patient@example.com');
      const [h, p] = body.token.split('.');
      expect((await call(t.app, 'GET', '/api/user/roles', { token: `${h}.${p}.AAAA` })).status).toBe(401);
    });
  });

  describe('roles', () => {
    it('lists held roles and switches the active one', async () => {
      const { body } = await login(t, 'multi@example.com');
      const roles = await call(t.app, 'GET', '/api/user/roles', { token: body.token });
      expect(roles.body.map((r: { role_mnemonic: string }) => r.role_mnemonic)).toEqual([
        'PATIENT',
        'MEDICAL_COORDINATOR',
      ]);
      const switched = await call(t.app, 'POST', '/api/user/switchRole', {
        token: body.token,
        body: { role: 'MEDICAL_COORDINATOR' },
      });
      expect(switched.status).toBe(200);
      expect(switched.body.role.role_mnemonic).toBe('MEDICAL_COORDINATOR');
      const role = await call(t.app, 'GET', '/api/user/role', { token: switched.body.token });
      expect(role.body.role_mnemonic).toBe('MEDICAL_COORDINATOR');
      // The next sign-in keeps the chosen role.
      expect((await login(t, 'multi@example.com')).body.role.role_mnemonic).toBe('MEDICAL_COORDINATOR');
      await call(t.app, 'POST', '/api/user/switchRole', {
        token: switched.body.token,
        body: { role: 'PATIENT' },
      });
    });

    it('refuses a role the user does not hold', async () => {
      const { body } = await login(t, 'patient@example.com');
      const res = await call(t.app, 'POST', '/api/user/switchRole', {
        token: body.token,
        body: { role: 'GROUP_ADMIN' },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/auth/createAccount', () => {
    const account = {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'Ada@Example.com',
      dateOfBirth: '1990-12-10',
      locale: 'Europe/London',
    };

    it('creates the account, mails a set-password link and asks for a new password at login', async () => {
      const res = await call(t.app, 'POST', '/api/auth/createAccount', { body: account });
      expect(res.status).toBe(201);
      const [mail] = await t.mail.list('ada@example.com');
      expect(mail.subject).toMatch(/password/i);
      expect(mail.text).toMatch(/\/reset-password\?token=[\w-]{43}/);
      const challenge = await login(t, 'ada@example.com', 'anything');
      expect(challenge.body).toMatchObject({
        challenge: 'NEW_PASSWORD_REQUIRED',
        userId: res.body.userId,
        token: null,
      });
    });

    it('refuses an address that already has an account', async () => {
      const res = await call(t.app, 'POST', '/api/auth/createAccount', {
        body: { ...account, email: 'patient@example.com' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.emailTaken);
    });

    it.each([
      ['firstName', { firstName: '  ' }, MESSAGES.firstNameRequired],
      ['lastName', { lastName: '' }, MESSAGES.lastNameRequired],
      ['email', { email: 'nope' }, MESSAGES.validEmailAddress],
      ['email', { email: '' }, MESSAGES.emailRequired],
      ['dateOfBirth', { dateOfBirth: '2999-01-01' }, MESSAGES.dateOfBirthFuture],
      ['dateOfBirth', { dateOfBirth: '' }, MESSAGES.dateOfBirthRequired],
      ['locale', { locale: '' }, MESSAGES.timeZoneRequired],
      ['locale', { locale: 'Mars/Olympus_Mons' }, MESSAGES.timeZoneRequired],
    ])('validates %s', async (field, change, message) => {
      const res = await call(t.app, 'POST', '/api/auth/createAccount', {
        body: { ...account, email: 'x@example.com', ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      expect(await t.mail.list('x@example.com')).toHaveLength(0);
    });
  });

  describe('object-level access', () => {
    it("answers 404 for another user's person", async () => {
      const patient = (await login(t, 'patient@example.com')).body;
      const other = (await login(t, 'viewer@example.com')).body;
      const own = await call(t.app, 'GET', `/api/myIdentity/getPerson?personId=${patient.user.personId}`, {
        token: patient.token,
      });
      expect(own.status).toBe(200);
      expect(own.body.firstName).toBe('Pat');
      const theirs = await call(t.app, 'GET', `/api/myIdentity/getPerson?personId=${patient.user.personId}`, {
        token: other.token,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body.code).toBe('RESOURCE.NOT_FOUND');
    });
  });

  describe('public reference data', () => {
    it('lists time zones from the platform and the enable_v2 setting', async () => {
      const zones = await call(t.app, 'GET', '/api/getTimezones');
      expect(zones.body.length).toBeGreaterThan(300);
      expect(zones.body).toContainEqual({
        value: 'America/New_York',
        label: expect.stringMatching(/^\(UTC-0[45]:00\) America\/New York$/),
      });
      expect((await call(t.app, 'GET', '/api/featureSettings')).body).toEqual({ enable_v2: true });
      expect((await call(t.app, 'GET', '/api/auth/jwks')).body.keys[0]).toMatchObject({
        kty: 'OKP',
        crv: 'Ed25519',
        alg: 'EdDSA',
      });
    });
  });
});
