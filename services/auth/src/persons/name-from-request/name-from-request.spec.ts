import type { EventPayloads } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { PersonRepository } from '../person.repository';
import { NameFromRequest } from './name-from-request';

const submitted = (
  over: Partial<EventPayloads['requests.patient-request-submitted']> = {},
): EventPayloads['requests.patient-request-submitted'] => ({
  patientRequestId: 'r1',
  userId: 'u1',
  personId: 'p1',
  custodianId: 'c1',
  custodianName: 'Sunrise',
  patient: { firstName: ' Vera ', lastName: 'Visitor', dateOfBirth: '1991-04-05' },
  docReqTypes: ['REPORTS'],
  status: 'NEW',
  createdAt: '2026-11-26T00:00:00Z',
  requestFiller: 'self',
  patientPhone: '6175550123',
  ...over,
});

describe('NameFromRequest', () => {
  const setup = (named: boolean) => {
    const fake = fakeUseCaseKit();
    const persons = stub<PersonRepository>({ nameIfUnnamed: jest.fn().mockResolvedValue(named) });
    return { fake, persons, useCase: new NameFromRequest(fake.kit, persons) };
  };

  it('names an unnamed account holder from their own request and tells the other contexts', async () => {
    const { fake, persons, useCase } = setup(true);
    await expect(fake.kit.transaction((tx) => useCase.execute(tx, submitted()))).resolves.toBe(true);
    expect(persons.nameIfUnnamed).toHaveBeenCalledWith(expect.anything(), 'p1', 'u1', {
      firstName: 'Vera',
      lastName: 'Visitor',
      dateOfBirth: '1991-04-05',
      phone: '6175550123',
    });
    expect(fake.events).toEqual([
      expect.objectContaining({
        type: 'auth.profile-named',
        payload: {
          userId: 'u1',
          personId: 'p1',
          firstName: 'Vera',
          lastName: 'Visitor',
          dateOfBirth: '1991-04-05',
        },
      }),
    ]);
  });

  it('leaves a named holder as they are, and tells nobody', async () => {
    const { fake, useCase } = setup(false);
    await expect(fake.kit.transaction((tx) => useCase.execute(tx, submitted()))).resolves.toBe(false);
    expect(fake.events).toEqual([]);
  });

  it("never takes the name of someone else's patient, a facility's request or an older event without its filler", async () => {
    for (const over of [
      { requestFiller: 'someone_else' as const },
      { providerRequest: true },
      { requestFiller: undefined },
    ]) {
      const { fake, persons, useCase } = setup(true);
      await expect(fake.kit.transaction((tx) => useCase.execute(tx, submitted(over)))).resolves.toBe(false);
      expect(persons.nameIfUnnamed).not.toHaveBeenCalled();
    }
  });
});
