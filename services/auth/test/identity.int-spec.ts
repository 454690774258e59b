import { AuthContext } from '@portal/auth-service';
import { FAMILY_MEMBER_TYPES, MESSAGES, NOTIFICATION_MNEMONICS } from '@portal/contracts';
import { call, startTestApp, type TestApp } from '@portal/server-kit/testing';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const signIn = async (t: TestApp, username: string) => (await call(t.app, 'POST', '/api/auth/login', { body: { username, password: 'Demo-Portal-1' } })).body.token as string;

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
  state: 'NY',
  postcode: '10006',
  priorAddress: '10 Downing Street',
  priorCityId: 'GB:ENG:London',
  priorPostcode: 'SW1A 2AA',
};

describe('identity: person, reference data, family members, notification settings', () => {
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
      const codes = (await call(t.app, 'GET', '/api/getCountryCodes')).body;
      expect(codes).toContainEqual({ iso: 'US', name: 'United States', code: '1' });
      expect(codes).toContainEqual({ iso: 'GB', name: 'United Kingdom', code: '44' });
    });

    it('searches cities after more than 2 characters', async () => {
      const found = await call(t.app, 'GET', '/api/myIdentity/getCities?filterStr=bost&countryIso=US', { token: patient });
      expect(found.body).toContainEqual({ id: 'US:MA:Boston', name: 'Boston', state: 'MA', state_name: 'Massachusetts', countryIso: 'US' });
      const short = await call(t.app, 'GET', '/api/myIdentity/getCities?filterStr=bo&countryIso=US', { token: patient });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Type more than 2 characters to search cities');
      expect((await call(t.app, 'GET', '/api/myIdentity/getCities?filterStr=bost', { token: patient })).body.message).toBe(MESSAGES.countryRequired);
      expect((await call(t.app, 'GET', '/api/myIdentity/getCities?filterStr=bost&countryIso=US')).status).toBe(401);
    });
  });

  describe('person', () => {
    it('reads the caller’s own person with both address sets; another user’s person is 404', async () => {
      const me = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body;
      expect(me).toMatchObject({ firstName: 'Pat', country_code: '1', cityId: 'US:NY:New York City', has_image: false });
      expect(me.person_address).toMatchObject({ city: { id: 'US:NY:New York City', name: 'New York City' }, state: 'NY', state_name: 'New York', country: { id: 'US', iso_name: 'US' } });
      expect(me.userId).toBeUndefined();
      const theirs = await call(t.app, 'GET', `/api/myIdentity/getPerson?personId=${me.id}`, { token: other });
      expect(theirs.status).toBe(404);
    });

    it('saves details with the date as DD/MM/YYYY, the city from the index and the prior address', async () => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: patient, body: details });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.personalInfoSaved);
      expect(res.body.person).toMatchObject({
        firstName: 'Patricia',
        middleName: 'Ann',
        priorLastName: 'Smith',
        dateOfBirth: '1984-02-29',
        phone: '2125550199',
        city: 'New York City',
        countryIso: 'US',
        country: 'United States',
        priorCity: 'London',
        priorCountryIso: 'GB',
        person_prior_address: { address: '10 Downing Street', city: { id: 'GB:ENG:London', name: 'London' }, postcode: 'SW1A 2AA' },
      });
      const audit = await t.query(`SELECT action FROM auth.audit_log WHERE action = 'identity.details-saved'`);
      expect(audit.length).toBeGreaterThan(0);
    });

    it.each([
      [{ firstName: ' ' }, 'firstName', MESSAGES.firstNameRequired],
      [{ lastName: '' }, 'lastName', MESSAGES.lastNameRequired],
      [{ dateOfBirth: '' }, 'dateOfBirth', MESSAGES.dateOfBirthRequired],
      [{ dateOfBirth: '30/02/1990' }, 'dateOfBirth', MESSAGES.dateOfBirthFuture],
      [{ dateOfBirth: `01/01/${new Date().getFullYear() + 1}` }, 'dateOfBirth', MESSAGES.dateOfBirthFuture],
      [{ phone: '' }, 'phone', MESSAGES.phoneRequired],
      [{ phone: '12345' }, 'phone', MESSAGES.validPhone],
      [{ phone: '212555019x' }, 'phone', MESSAGES.validPhone],
      [{ address: '' }, 'address', MESSAGES.addressRequired],
      [{ cityId: '' }, 'cityId', MESSAGES.cityRequired],
      [{ country: '' }, 'country', MESSAGES.countryRequired],
      [{ state: '' }, 'state', MESSAGES.stateRequired],
      [{ postcode: '' }, 'postcode', MESSAGES.postcodeRequired],
    ])('refuses %j with its message and changes nothing', async (change, field, message) => {
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: patient, body: { ...details, firstName: 'Changed', ...change } });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      expect((await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body.firstName).not.toBe('Changed');
    });

    it('refuses a city that does not exist or lies in another country', async () => {
      for (const change of [{ cityId: 'US:NY:Atlantis' }, { cityId: 'GB:ENG:London' }]) {
        const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: patient, body: { ...details, ...change } });
        expect(res.status).toBe(400);
        expect(res.body.errors.cityId).toBe(MESSAGES.cityRequired);
      }
    });

    it('stores the government ID photo checked by content, and refuses a non-image whatever its label', async () => {
      const bad = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: patient, body: { photo: `data:image/png;base64,${Buffer.from('%PDF-1.4 not an image').toString('base64')}` } });
      expect(bad.status).toBe(415);
      expect(bad.body.message).toBe(MESSAGES.chooseValidImage);
      const good = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: patient, body: { photo: `data:image/png;base64,${PNG_1PX}`, signature: PNG_1PX } });
      expect(good.status).toBe(200);
      expect(good.body.message).toBe(MESSAGES.profileUpdated);
      const full = (await call(t.app, 'GET', '/api/myIdentity/getPerson?full=true', { token: patient })).body;
      expect(full.has_image).toBe(true);
      expect(full.person_image).toEqual({ content: PNG_1PX, mimeType: 'image/png' });
    });

    it('a bad signature beside a good photo stores neither (one transaction)', async () => {
      const viewerPerson = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: other })).body;
      const res = await call(t.app, 'POST', '/api/myIdentity/saveDetails', { token: other, body: { photo: PNG_1PX, signature: Buffer.from('GIF89a-nope').toString('base64') } });
      expect(res.status).toBe(415);
      expect((await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: other })).body.has_image).toBe(viewerPerson.has_image);
    });

    it('saveDetails/external-request only for the caller’s own person', async () => {
      const mine = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: other })).body.id;
      const patientPerson = (await call(t.app, 'GET', '/api/myIdentity/getPerson', { token: patient })).body.id;
      expect((await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', { token: other, body: { personId: mine, photo: PNG_1PX } })).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/myIdentity/saveDetails/external-request', { token: other, body: { personId: patientPerson, photo: PNG_1PX } })).status).toBe(404);
    });
  });

  describe('family members', () => {
    it('lists the relationship types', async () => {
      expect((await call(t.app, 'GET', '/api/familyMemberTypes', { token: patient })).body).toEqual(FAMILY_MEMBER_TYPES);
    });

    it('adds, updates and deletes a member; another user sees and touches none of them', async () => {
      const added = await call(t.app, 'POST', '/api/myIdentity/familyMembers', { token: patient, body: { firstName: 'Ana', lastName: 'Jordan', relationshipTypeId: 6, relation: 'Great aunt' } });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ message: MESSAGES.entrySaved, member: { first_name: 'Ana', relationship: { mnemonic: 'OTHER_RELATIVE' }, relation: 'Great aunt' } });
      const id = added.body.member.id;
      expect((await call(t.app, 'GET', '/api/myIdentity/familyMembers', { token: patient })).body.map((m: { id: string }) => m.id)).toContain(id);
      expect((await call(t.app, 'GET', '/api/myIdentity/familyMembers', { token: other })).body).toEqual([]);
      expect((await call(t.app, 'PUT', `/api/myIdentity/familyMembers/${id}`, { token: other, body: { firstName: 'X', lastName: 'Y', relationshipTypeId: 1 } })).status).toBe(404);
      expect((await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${id}`, { token: other })).status).toBe(404);

      const updated = await call(t.app, 'PUT', `/api/myIdentity/familyMembers/${id}`, { token: patient, body: { firstName: 'Anna', lastName: 'Jordan', relationshipTypeId: 5, relation: 'ignored' } });
      expect(updated.body.member).toMatchObject({ first_name: 'Anna', relationship: { id: 5, name: 'Sibling' }, relation: null });
      const deleted = await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${id}`, { token: patient });
      expect(deleted.body).toEqual({ message: MESSAGES.entryDeleted });
      expect((await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/${id}`, { token: patient })).status).toBe(404);
      expect((await call(t.app, 'DELETE', `/api/myIdentity/familyMembers/not-a-uuid`, { token: patient })).status).toBe(404);
    });

    it.each([
      [{ firstName: '', lastName: 'J', relationshipTypeId: 1 }, 'firstName', MESSAGES.firstNameRequired],
      [{ firstName: 'A', lastName: ' ', relationshipTypeId: 1 }, 'lastName', MESSAGES.lastNameRequired],
      [{ firstName: 'A', lastName: 'J' }, 'relationshipTypeId', MESSAGES.selectRelationship],
      [{ firstName: 'A', lastName: 'J', relationshipTypeId: 99 }, 'relationshipTypeId', MESSAGES.selectRelationship],
      [{ firstName: 'A', lastName: 'J', relationshipTypeId: 6 }, 'relation', MESSAGES.specifyRelationship],
      [{ firstName: 'A', lastName: 'J', relationshipTypeId: 6, relation: 'Cousin 2' }, 'relation', MESSAGES.onlyLetters],
    ])('refuses %j', async (body, field, message) => {
      const res = await call(t.app, 'POST', '/api/myIdentity/familyMembers', { token: patient, body });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    });
  });

  describe('notification settings', () => {
    it('new and demo accounts start with everything on; a missing value counts as false', async () => {
      const settings = (await call(t.app, 'GET', '/api/notificationSettings', { token: patient })).body;
      expect(settings).toHaveLength(NOTIFICATION_MNEMONICS.length);
      expect(settings.every((s: { value: boolean }) => s.value)).toBe(true);
      await t.query(`DELETE FROM auth.notification_settings WHERE mnemonic = 'SHARING_SHARED_WITH_ME_NOTIFICATION'`);
      const after = (await call(t.app, 'GET', '/api/notificationSettings', { token: patient })).body;
      expect(after.find((s: { mnemonic: string }) => s.mnemonic === 'SHARING_SHARED_WITH_ME_NOTIFICATION').value).toBe(false);
    });

    it('saves a list; a group switched off switches its children off; each user has their own', async () => {
      const res = await call(t.app, 'POST', '/api/notificationSettings', {
        token: patient,
        body: { settings: [{ mnemonic: 'ACCOUNT_NOTIFICATIONS', value: false }, { mnemonic: 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION', value: true }, { mnemonic: 'REQUEST_NOTIFICATIONS', value: true }] },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.notificationSaved);
      const value = (list: Array<{ mnemonic: string; value: boolean }>, m: string) => list.find((s) => s.mnemonic === m)!.value;
      const saved = (await call(t.app, 'GET', '/api/notificationSettings', { token: patient })).body;
      expect(value(saved, 'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION')).toBe(false);
      expect(value(saved, 'REQUEST_NOTIFICATIONS')).toBe(true);
      expect(value(saved, 'SHARING_NOTIFICATIONS')).toBe(false);
      expect(value((await call(t.app, 'GET', '/api/notificationSettings', { token: other })).body, 'ACCOUNT_NOTIFICATIONS')).toBe(true);
      const events = await t.query(`SELECT count(*)::int AS n FROM auth.outbox WHERE type = 'auth.notification-settings-changed'`);
      expect(events[0].n).toBeGreaterThan(0);
    });

    it.each([
      [{}, 'settings is required'],
      [{ settings: [{ mnemonic: 'NOPE', value: true }] }, 'Unknown notification setting'],
      [{ settings: [{ mnemonic: 'REQUEST_NOTIFICATIONS', value: 'yes' }] }, 'A notification setting needs a true or false value'],
    ])('refuses %j', async (body, message) => {
      const res = await call(t.app, 'POST', '/api/notificationSettings', { token: patient, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });
});
