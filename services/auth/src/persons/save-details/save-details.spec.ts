import type { SaveDetailsRequest } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { UserRepository } from '../../accounts/user.repository';
import { CityIndex } from '../../reference/city-index';
import { GetPerson } from '../get-person/get-person';
import type { PersonRow } from '../person.mapper';
import type { PersonRepository } from '../person.repository';
import { SaveDetails } from './save-details';

const PERSON_ID = '5d0b8c2a-1e3f-4a6b-9c8d-7e6f5a4b3c2d';
/** A 1x1 PNG and a 1x1 GIF. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('SaveDetails', () => {
  const me = { sub: 'u1', personId: PERSON_ID };
  const cities = new CityIndex();
  const row = {
    id: PERSON_ID,
    userId: 'u1',
    firstName: 'Pat',
    lastName: 'Jordan',
    country_code: '1',
    has_image: false,
  } as PersonRow;
  const body = (over: Partial<SaveDetailsRequest> = {}): SaveDetailsRequest => ({
    firstName: 'Pat',
    middleName: 'Lee',
    lastName: 'Jordan',
    dateOfBirth: '12/03/1984',
    phone: '2125550147',
    countryCode: '1',
    address: '350 Fifth Avenue',
    cityId: 'US:NY:New York City',
    country: 'us',
    // Whatever the form says, the state comes from the city.
    state: 'CA',
    postcode: '10118',
    priorAddress: '221B Baker Street',
    priorCityId: 'GB:ENG:London',
    priorCountry: 'gb',
    priorPostcode: 'NW1 6XE',
    ...over,
  });

  const setup = () => {
    const fake = fakeUseCaseKit();
    const persons = { saveDetails: jest.fn(), storeImage: jest.fn(), find: jest.fn().mockResolvedValue(row) };
    const setNames = jest.fn();
    const personRepository = stub<PersonRepository>(persons, 'persons');
    const useCase = new SaveDetails(
      fake.kit,
      personRepository,
      stub<UserRepository>({ setNames }, 'users'),
      cities,
      new GetPerson(fake.kit, personRepository),
    );
    return { fake, persons, setNames, useCase };
  };

  it('saves the person reading with the city, state and country from the city index and the date converted from DD/MM/YYYY', async () => {
    const { fake, persons, setNames, useCase } = setup();
    const answer = await useCase.execute(me, body(), testCaller('u1'));
    const details = {
      firstName: 'Pat',
      middleName: 'Lee',
      lastName: 'Jordan',
      priorLastName: null,
      dateOfBirth: '1984-03-12',
      phone: '2125550147',
      countryCode: '1',
      current: {
        address: '350 Fifth Avenue',
        cityId: 'US:NY:New York City',
        city: 'New York City',
        state: 'NY',
        stateName: 'New York',
        postcode: '10118',
        countryIso: 'US',
        country: 'United States',
      },
      prior: {
        address: '221B Baker Street',
        cityId: 'GB:ENG:London',
        city: 'London',
        state: 'ENG',
        stateName: 'England',
        postcode: 'NW1 6XE',
        countryIso: 'GB',
        country: 'United Kingdom',
      },
    };
    expect(persons.saveDetails).toHaveBeenCalledWith(fake.tx, PERSON_ID, details);
    // The account's own name and date of birth follow the person's.
    expect(setNames).toHaveBeenCalledWith(
      fake.tx,
      PERSON_ID,
      expect.objectContaining({ firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' }),
    );
    expect(persons.storeImage).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      {
        action: 'identity.details-saved',
        resourceType: 'person',
        resourceId: PERSON_ID,
        subjectId: 'u1',
        detail: { person: true, photo: false, signature: false },
        caller: testCaller('u1'),
      },
    ]);
    // The answer is the person as saved, read back in the same transaction.
    expect(persons.find).toHaveBeenCalledWith(fake.tx, PERSON_ID);
    expect(answer).toEqual({
      message: 'Your personal information has been updated...',
      person: expect.objectContaining({ id: PERSON_ID, firstName: 'Pat' }),
    });
  });

  it('without a prior city keeps the prior country and state as given, and the calling code defaults to 1', async () => {
    const { persons, useCase } = setup();
    await useCase.execute(
      me,
      body({
        priorCityId: null,
        priorCountry: 'ca',
        priorState: 'ON',
        countryCode: undefined,
        priorAddress: null,
        priorPostcode: null,
      }),
      testCaller('u1'),
    );
    expect(persons.saveDetails).toHaveBeenCalledWith(
      expect.anything(),
      PERSON_ID,
      expect.objectContaining({
        countryCode: '1',
        prior: {
          address: null,
          cityId: null,
          city: null,
          state: 'ON',
          stateName: null,
          postcode: null,
          countryIso: 'CA',
          country: 'Canada',
        },
      }),
    );
  });

  it.each([
    ['a city in another country', { cityId: 'CA:ON:Toronto', country: 'US' }, 'cityId'],
    ['an unknown city', { cityId: 'US:NY:Atlantis' }, 'cityId'],
    ['a city id of no country', { cityId: 'nonsense' }, 'cityId'],
    [
      'a prior city in another country than the prior country',
      { priorCityId: 'GB:ENG:London', priorCountry: 'FR' },
      'priorCityId',
    ],
  ])('answers "City is required" on the field for %s and saves nothing', async (_, over, field) => {
    const { fake, persons, setNames, useCase } = setup();
    await expect(useCase.execute(me, body(over), testCaller('u1'))).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      status: 400,
      message: 'City is required',
      errors: { [field]: 'City is required' },
    });
    expect(persons.saveDetails).not.toHaveBeenCalled();
    expect(setNames).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('stores the photo reading (photo and signature typed by their bytes) without touching the person', async () => {
    const { fake, persons, setNames, useCase } = setup();
    const answer = await useCase.execute(
      me,
      { photo: `data:image/png;base64,${PNG}`, signature: PNG },
      testCaller('u1'),
    );
    expect(answer).toMatchObject({ message: 'Profile updated successfully.' });
    expect(persons.storeImage.mock.calls).toEqual([
      [fake.tx, PERSON_ID, 'photo', { content: Buffer.from(PNG, 'base64'), mimeType: 'image/png' }],
      [fake.tx, PERSON_ID, 'signature', { content: Buffer.from(PNG, 'base64'), mimeType: 'image/png' }],
    ]);
    expect(persons.saveDetails).not.toHaveBeenCalled();
    expect(setNames).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'identity.details-saved',
        detail: { person: false, photo: true, signature: true },
      }),
    ]);
  });

  it('saves both readings at once in one transaction', async () => {
    const { fake, persons, useCase } = setup();
    await useCase.execute(me, body({ photo: PNG }), testCaller('u1'));
    expect(persons.saveDetails).toHaveBeenCalledTimes(1);
    expect(persons.storeImage).toHaveBeenCalledWith(
      fake.tx,
      PERSON_ID,
      'photo',
      expect.objectContaining({ mimeType: 'image/png' }),
    );
    expect(fake.transactions).toBe(1);
    expect(fake.audit).toEqual([
      expect.objectContaining({ detail: { person: true, photo: true, signature: false } }),
    ]);
  });

  it.each([
    ['a GIF sent as PNG', { photo: `data:image/png;base64,${GIF}` }],
    ['text that is not base64', { signature: 'not an image!' }],
    ['base64 that is no image', { signature: Buffer.from('hello, world').toString('base64') }],
  ])('refuses %s with 415 and stores nothing, not even the person reading', async (_, images) => {
    const { fake, persons, setNames, useCase } = setup();
    await expect(
      useCase.execute(me, body({ photo: PNG, ...images }), testCaller('u1')),
    ).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
      status: 415,
      message: 'Please choose a valid image',
    });
    expect(persons.storeImage).not.toHaveBeenCalled();
    expect(persons.saveDetails).not.toHaveBeenCalled();
    expect(setNames).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const { fake, persons, useCase } = setup();
    const huge = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString(
      'base64',
    );
    await expect(useCase.execute(me, { photo: huge }, testCaller('u1'))).rejects.toMatchObject({
      code: 'FILE.TOO_LARGE',
      status: 413,
    });
    expect(persons.storeImage).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });
});
