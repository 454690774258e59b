import { AuthContext } from '@portal/auth-service';
import { MAX_IDENTITY_IMAGE_BYTES, MESSAGES } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';
import { PNG_1PX, signIn } from './helpers';

const details = {
  firstName: 'Patricia',
  middleName: 'Ann',
  lastName: 'Jordan',
  priorLastName: 'Smith',
  dateOfBirth: '29/02/1984',
  phone: '2125550199',
  countryCode: '1',
  address: '1 Liberty Plaza',
  cityId: 'US:NY:New York City',
  country: 'US',
  state: 'New York',
  postcode: '10006',
  priorAddress: '10 Downing Street',
  priorCountry: 'GB',
  priorCityId: 'GB:ENG:London',
  priorPostcode: 'SW1A 2AA',
};

/** A PNG by its bytes (signature and header of a real one), padded to `size` bytes. */
const pngOfSize = (size: number) => {
  const png = Buffer.from(PNG_1PX, 'base64');
  return Buffer.concat([png, Buffer.alloc(size - png.length)]).toString('base64');
};

describe('identity: reference data and the person', () => {
  let t: TestApp;
  let patient: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp([AuthContext], { seed: true });
    patient = await signIn(t, 'patient@example.com');
    other = await signIn(t, 'viewer@example.com');
  });
  afterAll(() => t?.close());

  describe('reference data', () => {
    it('lists countries and calling codes from the data packages', async () => {
      const countries = (await call(t.app, 'GET', '/api/myIdentity/countries', { token: patient })).body;
      expect(countries.length).toBeGreaterThan(240);
      expect(countries).toContainEqual({ id: 'US', iso: 'US', name: 'United States', phoneCode: '1' });
      expect((await call(t.app, 'GET', '/api/myIdentity/countries')).status).toBe(401);
      const codes = (await call(t.app, 'GET', '/api/getCountryCodes')).body;
      expect(codes).toContainEqual({ iso: 'US', name: 'United States', code: '1' });
      expect(codes).toContainEqual({ iso: 'GB', name: 'United Kingdom', code: '44' });
    });

    it('searches cities after more than 2 characters, by the start of any word, ignoring case and accents', async () => {
      const cities = (q: string, token: string | null = patient) =>
        call(t.app, 'GET', `/api/myIdentity/getCities?${q}`, { token: token ?? undefined });
      expect((await cities('filterStr=bost&countryIso=US')).body).toContainEqual({
        id: 'US:MA:Boston',
        name: 'Boston',
        state: 'MA',
        state_name: 'Massachusetts',
        countryIso: 'US',
      });
      expect(
        (await cities('filterStr=SAO%20PA&countryIso=br')).body.map((c: { name: string }) => c.name),
      ).toContain('São Paulo');
      expect(
        (await cities('filterStr=york%20ci&countryIso=US')).body.map((c: { id: string }) => c.id),
      ).toContain('US:NY:New York City');
      expect((await cities('filterStr=park&countryIso=US')).body).toHaveLength(20);
      expect((await cities('filterStr=bost&countryIso=ZZ')).body).toEqual([]);
      const short = await cities('filterStr=bo&countryIso=US');
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Type more than 2 characters to search cities');
      expect((await cities('filterStr=bost')).body.errors.countryIso).toBe(MESSAGES.countryRequired);
      expect((await cities('filterStr=bost&countryIso=USA')).body.errors.countryIso).toBe(
        MESSAGES.countryRequired,
      );
      expect((await cities('filterStr=bost&countryIso=US', null)).status).toBe(401);
    });
  });

  describe('getPerson', () => {
    it('reads the caller’s own person with both address sets and no image unless full', async () => {
      const me = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body;
      expect(me).toMatchObject({
        firstName: 'Pat',
        country_code: '1',
        cityId: 'US:NY:New York City',
        has_image: false,
        person_prior_address: null,
      });
      expect(me.person_address).toEqual({
        address: '350 Fifth Avenue',
        city: { id: 'US:NY:New York City', name: 'New York City' },
        state: 'NY',
        state_name: 'New York',
        postcode: '10118',
        country: { id: 'US', iso_name: 'US', name: 'United States' },
      });
      expect(me).not.toHaveProperty('person_image');
      expect(me.userId).toBeUndefined();
    });

    it('answers 404 for another user’s person and for an id that is no uuid', async () => {
      const mine = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body.id;
      expect(
        (await call(t.app, 'GET', `/api/myIdentity/getPerson?personId=${mine}`, { token: patient })).status,
      ).toBe(200);
      const theirs = await call(t.app, 'GET', `/api/myIdentity/getPerson?personId=${mine}&full=true`, {
        token: other,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body.code).toBe('RESOURCE.NOT_FOUND');
      expect(
        (await call(t.app, 'GET', '/api/myIdentity/getPerson?personId=1%20OR%201=1', { token: patient }))
          .status,
      ).toBe(404);
      expect((await call(t.app, 'GET', '/api/myIdentity/getPerson')).status).toBe(401);
    });
  });

  describe('saveDetails, person reading', () => {
    it('saves with the date as DD/MM/YYYY; state, state name and country come from the chosen cities', async () => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { ...details, state: 'Typed state', priorState: 'Typed' },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.personalInfoSaved);
      expect(res.body.person).toMatchObject({
        firstName: 'Patricia',
        middleName: 'Ann',
        priorLastName: 'Smith',
        dateOfBirth: '1984-02-29',
        phone: '2125550199',
        city: 'New York City',
        state: 'NY',
        countryIso: 'US',
        country: 'United States',
        priorCity: 'London',
        priorState: 'ENG',
        priorCountryIso: 'GB',
        priorCountry: 'United Kingdom',
        person_address: { state: 'NY', state_name: 'New York' },
        person_prior_address: {
          address: '10 Downing Street',
          city: { id: 'GB:ENG:London', name: 'London' },
          state_name: 'England',
          postcode: 'SW1A 2AA',
        },
      });
      expect((await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body).toEqual(
        res.body.person,
      );
      // The account's name follows the person's.
      expect(
        (
          await call(t.app, 'POST', '/api/auth/login', {
            body: { username: 'patient@example.com', password: 'Demo-Portal-1' },
          })
        ).body.user.firstName,
      ).toBe('Patricia');
      const [audit] = await t.query(
        `SELECT actor_id, resource_id, request_id FROM auth.audit_log WHERE action = 'identity.details-saved' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit.resource_id).toBe(res.body.person.id);
      expect(audit.request_id).toBeTruthy();
    });

    it('keeps the prior address optional', async () => {
      const { priorAddress: _a, priorCountry: _c, priorCityId: _i, priorPostcode: _p, ...current } = details;
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: other,
        body: { ...current, priorLastName: '' },
      });
      expect(res.status).toBe(200);
      expect(res.body.person).toMatchObject({
        priorLastName: null,
        priorCityId: null,
        person_prior_address: null,
      });
    });

    it.each([
      [{ firstName: ' ' }, 'firstName', MESSAGES.firstNameRequired],
      [{ lastName: '' }, 'lastName', MESSAGES.lastNameRequired],
      [{ dateOfBirth: '' }, 'dateOfBirth', MESSAGES.dateOfBirthRequired],
      [{ dateOfBirth: '30/02/1990' }, 'dateOfBirth', MESSAGES.dateOfBirthFuture],
      [{ dateOfBirth: '1990-02-01' }, 'dateOfBirth', MESSAGES.dateOfBirthFuture],
      [{ dateOfBirth: `01/01/${new Date().getFullYear() + 1}` }, 'dateOfBirth', MESSAGES.dateOfBirthFuture],
      [{ phone: '' }, 'phone', MESSAGES.phoneRequired],
      [{ phone: '12345' }, 'phone', MESSAGES.validPhone],
      [{ phone: '212555019x' }, 'phone', MESSAGES.validPhone],
      [{ countryCode: '+1' }, 'countryCode', MESSAGES.validPhone],
      [{ address: '' }, 'address', MESSAGES.addressRequired],
      [{ cityId: '' }, 'cityId', MESSAGES.cityRequired],
      [{ country: '' }, 'country', MESSAGES.countryRequired],
      [{ state: '' }, 'state', MESSAGES.stateRequired],
      [{ postcode: '' }, 'postcode', MESSAGES.postcodeRequired],
    ])('refuses %j with its message and changes nothing', async (change, field, message) => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { ...details, firstName: 'Changed', ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      expect(
        (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body.firstName,
      ).not.toBe('Changed');
    });

    it.each([
      [{ cityId: 'US:NY:Atlantis' }, 'cityId'],
      [{ cityId: 'GB:ENG:London' }, 'cityId'],
      [{ cityId: 'nonsense' }, 'cityId'],
      [{ priorCityId: 'GB:ENG:Atlantis' }, 'priorCityId'],
      [{ priorCountry: 'FR' }, 'priorCityId'],
    ])('refuses %j: the city must exist in the chosen country', async (change, field) => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { ...details, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.cityRequired);
      expect(res.body.errors[field]).toBe(MESSAGES.cityRequired);
    });

    it('needs a session', async () => {
      expect((await call(t.app, 'POST', '/api/myIdentity/saveDetails', { body: details })).status).toBe(401);
    });
  });

  describe('saveDetails, photo reading (ID photo and signature)', () => {
    it('stores the photo checked by content; full=true answers it', async () => {
      const good = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { photo: `data:image/png;base64,${PNG_1PX}`, signature: PNG_1PX },
      });
      expect(good.status).toBe(200);
      expect(good.body.message).toBe(MESSAGES.profileUpdated);
      expect(good.body.person.has_image).toBe(true);
      const full = (await call(t.app, 'GET', '/api/myIdentity/getPerson?full=true', { token: patient })).body;
      expect(full.person_image).toEqual({ content: PNG_1PX, mimeType: 'image/png' });
      const stored = await t.query(
        `SELECT kind, mime_type, length(content) AS size, sha256 FROM auth.person_images WHERE person_id = $1 ORDER BY kind`,
        [full.id],
      );
      expect(stored.map((r) => [r.kind, r.mime_type])).toEqual([
        ['photo', 'image/png'],
        ['signature', 'image/png'],
      ]);
      expect(stored[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      [
        'a PDF labelled as PNG',
        `data:image/png;base64,${Buffer.from('%PDF-1.4 not an image').toString('base64')}`,
      ],
      ['a GIF', Buffer.from('GIF89a-------').toString('base64')],
      ['text that is no base64', 'not base64 at all!'],
    ])('refuses %s with "Please choose a valid image"', async (_what, photo) => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { photo },
      });
      expect(res.status).toBe(415);
      expect(res.body.message).toBe(MESSAGES.chooseValidImage);
    });

    it('takes a 5 MB image (the body limit admits it as base64) and refuses a larger one', async () => {
      const exact = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: other,
        body: { photo: pngOfSize(MAX_IDENTITY_IMAGE_BYTES) },
      });
      expect(exact.status).toBe(200);
      const over = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: other,
        body: { photo: pngOfSize(MAX_IDENTITY_IMAGE_BYTES + 3) },
      });
      expect(over.status).toBe(413);
      expect(over.body.message).toBe('The image is larger than 5 MB');
      const far = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: other,
        body: { photo: pngOfSize(MAX_IDENTITY_IMAGE_BYTES + 64 * 1024) },
      });
      expect(far.status).toBe(400);
      expect(far.body.errors.photo).toBe('The image is larger than 5 MB');
    });

    it('a bad signature beside a good photo stores neither (one transaction)', async () => {
      const before = (await call(t.app, 'GET', '/api/myIdentity/getPerson?full=true', { token: patient }))
        .body.person_image;
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { photo: pngOfSize(2048), signature: Buffer.from('GIF89a-nope').toString('base64') },
      });
      expect(res.status).toBe(415);
      expect(
        (await call(t.app, 'GET', '/api/myIdentity/getPerson?full=true', { token: patient })).body
          .person_image,
      ).toEqual(before);
    });

    it('takes both readings in one call, all or nothing', async () => {
      const both = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { ...details, firstName: 'Both', photo: PNG_1PX },
      });
      expect(both.status).toBe(200);
      expect(both.body.message).toBe(MESSAGES.personalInfoSaved);
      expect(both.body.person).toMatchObject({ firstName: 'Both', has_image: true });
      const bad = await call(t.app, 'POST', '/api/myIdentity/saveDetails', {
        token: patient,
        body: { ...details, firstName: 'Neither', photo: 'R0lGODlh' },
      });
      expect(bad.status).toBe(415);
      expect((await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body.firstName).toBe(
        'Both',
      );
    });
  });

  describe('saveDetails/external-request', () => {
    it('stores photo and signature for the caller’s own person only', async () => {
      const mine = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: other })).body.id;
      const patientPerson = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body
        .id;
      const ok = await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', {
        token: other,
        body: { personId: mine, photo: PNG_1PX, signature: PNG_1PX },
      });
      expect(ok.body).toEqual({ message: MESSAGES.profileUpdated, personId: mine });
      const theirs = await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', {
        token: other,
        body: { personId: patientPerson, photo: PNG_1PX },
      });
      expect(theirs.status).toBe(404);
      expect(
        (
          await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', {
            token: other,
            body: { personId: 'x', photo: PNG_1PX },
          })
        ).body.errors.personId,
      ).toBe(MESSAGES.notFound);
      expect(
        (
          await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', {
            token: other,
            body: { personId: mine, photo: 'R0lGODlh' },
          })
        ).status,
      ).toBe(415);
      const audit = await t.query(
        `SELECT resource_id, detail FROM auth.audit_log WHERE action = 'identity.images-saved'`,
      );
      expect(audit).toEqual([{ resource_id: mine, detail: { photo: true, signature: true } }]);
    });
  });
});
