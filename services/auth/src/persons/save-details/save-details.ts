import { Injectable } from '@nestjs/common';
import {
  ddMmYyyyToIso,
  isPersonReading,
  MESSAGES,
  type Person,
  type SaveDetailsRequest,
} from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { cityRequired } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { CityIndex, countryName } from '../../reference/city-index';
import { GetPerson } from '../get-person/get-person';
import { decodeImages } from '../identity-images';
import { type PersonDetails, PersonRepository, type StoredAddress } from '../person.repository';

/**
 * POST saveDetails. The person reading (dateOfBirth DD/MM/YYYY; the city from the city index, which
 * also gives state and country) and the photo reading (photo and signature as base64, typed by their
 * bytes) may come together; all of it is saved in one transaction or none of it.
 */
@Injectable()
export class SaveDetails {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly persons: PersonRepository,
    private readonly users: UserRepository,
    private readonly cities: CityIndex,
    private readonly getPerson: GetPerson,
  ) {}

  async execute(
    user: Pick<CurrentUserClaims, 'sub' | 'personId'>,
    body: SaveDetailsRequest,
    caller: Caller,
  ): Promise<{ message: string; person: Person }> {
    const personReading = isPersonReading(body);
    const details = personReading ? this.details(body) : null;
    const images = await decodeImages({ photo: body.photo, signature: body.signature });
    const person = await this.kit.transaction(async (tx) => {
      if (details) {
        await this.persons.saveDetails(tx, user.personId, details);
        await this.users.setNames(tx, user.personId, details);
        await this.kit.events.record(tx, 'auth.profile-named', {
          userId: user.sub,
          personId: user.personId,
          firstName: details.firstName,
          lastName: details.lastName,
          dateOfBirth: details.dateOfBirth,
        });
      }
      for (const { kind, ...image } of images) await this.persons.storeImage(tx, user.personId, kind, image);
      // The groups' worklist lists members who have not given an ID yet (issue 26).
      if (images.some((i) => i.kind === 'photo'))
        await this.kit.events.record(tx, 'auth.identity-saved', {
          userId: user.sub,
          at: new Date().toISOString(),
        });
      await this.kit.audit.record(tx, caller, {
        action: 'identity.details-saved',
        resourceType: 'person',
        resourceId: user.personId,
        subjectId: user.sub,
        detail: { person: personReading, photo: !!body.photo, signature: !!body.signature },
      });
      return this.getPerson.read(tx, user, user.personId, false);
    });
    return { message: personReading ? MESSAGES.personalInfoSaved : MESSAGES.profileUpdated, person };
  }

  /** State, state name and country come from the chosen city, so they cannot contradict it. */
  private details(b: SaveDetailsRequest): PersonDetails {
    const city = this.city(b.cityId, b.country, 'cityId');
    if (!city) throw cityRequired('cityId');
    const prior = this.city(b.priorCityId, b.priorCountry, 'priorCityId');
    const priorIso = prior?.countryIso ?? b.priorCountry?.toUpperCase() ?? null;
    return {
      firstName: b.firstName!,
      middleName: b.middleName ?? null,
      lastName: b.lastName!,
      priorLastName: b.priorLastName ?? null,
      dateOfBirth: ddMmYyyyToIso(b.dateOfBirth!),
      phone: b.phone!,
      countryCode: b.countryCode ?? '1',
      current: {
        address: b.address!,
        cityId: city.id,
        city: city.name,
        state: city.state,
        stateName: city.state_name,
        postcode: b.postcode!,
        countryIso: city.countryIso,
        country: countryName(city.countryIso),
      },
      prior: {
        address: b.priorAddress ?? null,
        cityId: prior?.id ?? null,
        city: prior?.name ?? null,
        state: prior?.state ?? b.priorState ?? null,
        stateName: prior?.state_name ?? null,
        postcode: b.priorPostcode ?? null,
        countryIso: priorIso,
        country: countryName(priorIso),
      } satisfies StoredAddress,
    };
  }

  /** The city of an id from the city index, which must lie in the chosen country; anything else is "City is required". */
  private city(
    id: string | null | undefined,
    country: string | null | undefined,
    field: 'cityId' | 'priorCityId',
  ) {
    if (!id) return null;
    const city = this.cities.find(id);
    if (!city || (country && country.toUpperCase() !== city.countryIso)) throw cityRequired(field);
    return city;
  }
}
