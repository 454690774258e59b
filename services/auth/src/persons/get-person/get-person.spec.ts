import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { PersonRow } from '../person.mapper';
import type { PersonRepository } from '../person.repository';
import { GetPerson } from './get-person';

const PERSON_ID = '5d0b8c2a-1e3f-4a6b-9c8d-7e6f5a4b3c2d';

const personRow = (over: Partial<PersonRow> = {}): PersonRow => ({
  id: PERSON_ID,
  userId: 'u1',
  firstName: 'Pat',
  lastName: 'Jordan',
  middleName: null,
  priorLastName: null,
  dateOfBirth: '1984-03-12',
  email: 'pat@example.com',
  phone: '2125550147',
  country_code: '1',
  address: '350 Fifth Avenue',
  cityId: 'US:NY:New York City',
  city: 'New York City',
  state: 'NY',
  stateName: 'New York',
  postcode: '10118',
  country: 'United States',
  countryIso: 'US',
  priorAddress: null,
  priorCityId: null,
  priorCity: null,
  priorState: null,
  priorStateName: null,
  priorPostcode: null,
  priorCountry: null,
  priorCountryIso: null,
  has_image: true,
  ...over,
});

describe('GetPerson', () => {
  const me = { sub: 'u1', personId: PERSON_ID };

  const setup = (row: PersonRow | null) => {
    const fake = fakeUseCaseKit();
    const find = jest.fn().mockResolvedValue(row);
    const readPhoto = jest.fn().mockResolvedValue({ content: 'iVBORw0=', mimeType: 'image/png' });
    return {
      fake,
      find,
      readPhoto,
      useCase: new GetPerson(fake.kit, stub<PersonRepository>({ find, readPhoto }, 'persons')),
    };
  };

  it.each([undefined, ''])(
    'answers the caller’s own person when no id is given (%p), in the spec’s shape, without the photo',
    async (personId) => {
      const { fake, find, readPhoto, useCase } = setup(personRow());
      const person = await useCase.execute(me, personId, false);
      expect(find).toHaveBeenCalledWith(fake.kit.db, PERSON_ID);
      expect(readPhoto).not.toHaveBeenCalled();
      expect(person).not.toHaveProperty('userId');
      expect(person).not.toHaveProperty('person_image');
      expect(person).toMatchObject({
        id: PERSON_ID,
        firstName: 'Pat',
        dateOfBirth: '1984-03-12',
        has_image: true,
        person_address: {
          address: '350 Fifth Avenue',
          city: { id: 'US:NY:New York City', name: 'New York City' },
          state: 'NY',
          state_name: 'New York',
          postcode: '10118',
          country: { id: 'US', iso_name: 'US', name: 'United States' },
        },
        person_prior_address: null,
      });
    },
  );

  it('adds the photo when full is asked for', async () => {
    const { fake, readPhoto, useCase } = setup(personRow());
    await expect(useCase.execute(me, PERSON_ID, true)).resolves.toMatchObject({
      id: PERSON_ID,
      person_image: { content: 'iVBORw0=', mimeType: 'image/png' },
    });
    expect(readPhoto).toHaveBeenCalledWith(fake.kit.db, PERSON_ID);
  });

  it('answers 404 "Person not found" for another user’s person, and reads no photo', async () => {
    const { readPhoto, useCase } = setup(personRow({ userId: 'u2' }));
    await expect(useCase.execute(me, PERSON_ID, true)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Person not found',
    });
    expect(readPhoto).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown person', async () => {
    const { useCase } = setup(null);
    await expect(useCase.execute(me, PERSON_ID, false)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Person not found',
    });
  });

  it('answers 404 for an id that is not a uuid without reading anything', async () => {
    const { find, useCase } = setup(personRow());
    await expect(useCase.execute(me, 'not-a-uuid', false)).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Person not found',
    });
    expect(find).not.toHaveBeenCalled();
  });

  it('reads inside the transaction it is given (read)', async () => {
    const { fake, find, useCase } = setup(personRow());
    await useCase.read(fake.tx, me, PERSON_ID, false);
    expect(find).toHaveBeenCalledWith(fake.tx, PERSON_ID);
  });
});
