import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { GetPerson } from '../get-person/get-person';
import type { PersonRow } from '../person.mapper';
import type { PersonRepository } from '../person.repository';
import { SaveIdImages } from './save-id-images';

const PERSON_ID = '5d0b8c2a-1e3f-4a6b-9c8d-7e6f5a4b3c2d';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('SaveIdImages', () => {
  const row = (userId: string) =>
    ({
      id: PERSON_ID,
      userId,
      firstName: 'Pat',
      lastName: 'Jordan',
      country_code: '1',
      has_image: false,
    }) as PersonRow;

  const setup = (found: PersonRow | null) => {
    const fake = fakeUseCaseKit();
    const persons = { find: jest.fn().mockResolvedValue(found), storeImage: jest.fn() };
    const repo = stub<PersonRepository>(persons, 'persons');
    return { fake, persons, useCase: new SaveIdImages(fake.kit, repo, new GetPerson(fake.kit, repo)) };
  };

  it('stores the photo and signature of the caller’s own person, audited', async () => {
    const { fake, persons, useCase } = setup(row('u1'));
    await expect(
      useCase.execute(
        { sub: 'u1', personId: PERSON_ID },
        { personId: PERSON_ID, photo: PNG, signature: `data:image/png;base64,${PNG}` },
        testCaller('u1'),
      ),
    ).resolves.toEqual({
      message: 'Profile updated successfully.',
      personId: PERSON_ID,
    });
    expect(persons.find).toHaveBeenCalledWith(fake.tx, PERSON_ID);
    expect(persons.storeImage.mock.calls).toEqual([
      [fake.tx, PERSON_ID, 'photo', { content: Buffer.from(PNG, 'base64'), mimeType: 'image/png' }],
      [fake.tx, PERSON_ID, 'signature', { content: Buffer.from(PNG, 'base64'), mimeType: 'image/png' }],
    ]);
    expect(fake.transactions).toBe(1);
    // The holder's own ID: the groups' worklist no longer lists them as missing one.
    expect(fake.events).toEqual([
      { type: 'auth.identity-saved', payload: { userId: 'u1', at: expect.any(String) } },
    ]);
    expect(fake.audit).toEqual([
      {
        action: 'identity.images-saved',
        resourceType: 'person',
        resourceId: PERSON_ID,
        subjectId: 'u1',
        detail: { photo: true, signature: true },
        caller: testCaller('u1'),
      },
    ]);
  });

  it('stores only what is given', async () => {
    const { fake, persons, useCase } = setup(row('u1'));
    await useCase.execute(
      { sub: 'u1', personId: 'other-person' },
      { personId: PERSON_ID, photo: null, signature: PNG },
      testCaller('u1'),
    );
    expect(persons.storeImage).toHaveBeenCalledTimes(1);
    expect(persons.storeImage).toHaveBeenCalledWith(
      fake.tx,
      PERSON_ID,
      'signature',
      expect.objectContaining({ mimeType: 'image/png' }),
    );
    expect(fake.audit).toEqual([expect.objectContaining({ detail: { photo: false, signature: true } })]);
  });

  it.each([
    ['another user’s person', row('u2')],
    ['an unknown person', null],
  ])('answers 404 "Person not found" for %s and stores nothing', async (_, found) => {
    const { fake, persons, useCase } = setup(found);
    await expect(
      useCase.execute(
        { sub: 'u1', personId: 'other-person' },
        { personId: PERSON_ID, photo: PNG },
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Person not found',
    });
    expect(persons.storeImage).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });

  it('refuses a file that is not a PNG, JPEG or WebP with 415 and stores neither image', async () => {
    const { fake, persons, useCase } = setup(row('u1'));
    await expect(
      useCase.execute(
        { sub: 'u1', personId: 'other-person' },
        { personId: PERSON_ID, photo: PNG, signature: Buffer.from('%PDF-1.4\n').toString('base64') },
        testCaller('u1'),
      ),
    ).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
      status: 415,
      message: 'Please choose a valid image',
    });
    expect(persons.storeImage).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
    expect(fake.audit).toEqual([]);
  });
});
