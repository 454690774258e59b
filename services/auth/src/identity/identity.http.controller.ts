import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ddMmYyyyToIso, isPersonReading, MESSAGES, type Person, saveDetailsExternalSchema, saveDetailsSchema, type SaveDetailsRequest } from '@portal/contracts';
import { AppError, assertOwner, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { EntityManager } from 'typeorm';
import type { InferType } from 'yup';
import { CityIndex, countryName } from '../reference/city-index';
import { readPhoto, storeImages } from './identity-images';
import { PERSON_SQL, type PersonRow, toPerson } from './person-read';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Picks the schema by reading: names present means the person form, otherwise photo and signature only. */
const saveDetailsPipe = {
  transform: (value: SaveDetailsRequest) => validate(saveDetailsSchema(isPersonReading(value))).transform(value),
};

@ApiTags('identity')
@Controller('myIdentity')
export class IdentityController {
  constructor(
    @InjectContext('auth') private readonly kit: ContextKit,
    private readonly cities: CityIndex,
  ) {}

  /** GET /api/myIdentity/getPerson?personId=&full=: the caller's own person; anyone else's answers 404. */
  @Get('getPerson')
  async getPerson(@CurrentUser() user: CurrentUserClaims, @Query('personId') personId?: string, @Query('full') full?: string): Promise<Person> {
    const id = personId && UUID.test(personId) ? personId : personId ? null : user.personId;
    return this.read(this.kit.ds.manager, user, id, full === 'true');
  }

  /**
   * POST /api/myIdentity/saveDetails. The person reading (dateOfBirth DD/MM/YYYY, city from the
   * city index, which also gives state and country) and the photo reading (photo and signature as
   * base64) may come together; all of it is saved in one transaction or none of it.
   */
  @Post('saveDetails')
  @HttpCode(200)
  async saveDetails(@CurrentUser() user: CurrentUserClaims, @Body(saveDetailsPipe) body: SaveDetailsRequest, @RequestMeta() meta: RequestMetaValue) {
    const person = await this.kit.ds.transaction(async (tx) => {
      if (isPersonReading(body)) await this.savePerson(tx, user.personId, body);
      await storeImages(tx, user.personId, { photo: body.photo, signature: body.signature });
      await this.audit(tx, user, meta, 'identity.details-saved', user.personId, { person: isPersonReading(body), photo: !!body.photo, signature: !!body.signature });
      return this.read(tx, user, user.personId, false);
    });
    return { message: isPersonReading(body) ? MESSAGES.personalInfoSaved : MESSAGES.profileUpdated, person };
  }

  /** POST /api/myIdentity/saveDetails/external-request: photo and signature of the external wizard, for the caller's own person. */
  @Post('saveDetails/external-request')
  @HttpCode(200)
  async saveExternal(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(saveDetailsExternalSchema)) body: InferType<typeof saveDetailsExternalSchema>,
    @RequestMeta() meta: RequestMetaValue,
  ) {
    await this.kit.ds.transaction(async (tx) => {
      await this.read(tx, user, body.personId, false);
      await storeImages(tx, body.personId, { photo: body.photo, signature: body.signature });
      await this.audit(tx, user, meta, 'identity.images-saved', body.personId, { photo: !!body.photo, signature: !!body.signature });
    });
    return { message: MESSAGES.profileUpdated, personId: body.personId };
  }

  private audit(tx: EntityManager, user: CurrentUserClaims, meta: RequestMetaValue, action: string, personId: string, detail: Record<string, unknown>) {
    return this.kit.audit.record(tx, { actorId: user.sub, action, resourceType: 'person', resourceId: personId, subjectId: user.sub, ip: meta.ip, requestId: meta.requestId, detail });
  }

  private async read(tx: EntityManager, user: CurrentUserClaims, id: string | null, full: boolean): Promise<Person> {
    const [row]: PersonRow[] = id ? await tx.query(PERSON_SQL, [id]) : [];
    const person = toPerson(assertOwner(row, user, 'userId', 'Person'));
    return full ? { ...person, person_image: await readPhoto(tx, person.id) } : person;
  }

  /** The city of an id from the city index, which must lie in the chosen country; anything else is "City is required". */
  private city(id: string | null | undefined, country: string | null | undefined, field: 'cityId' | 'priorCityId') {
    if (!id) return null;
    const city = this.cities.find(id);
    if (!city || (country && country.toUpperCase() !== city.countryIso)) {
      throw new AppError('REQUEST.VALIDATION_FAILED', MESSAGES.cityRequired, { [field]: MESSAGES.cityRequired });
    }
    return city;
  }

  /** State, state name and country come from the chosen city, so they cannot contradict it. */
  private async savePerson(tx: EntityManager, personId: string, b: SaveDetailsRequest): Promise<void> {
    const city = this.city(b.cityId, b.country, 'cityId')!;
    const prior = this.city(b.priorCityId, b.priorCountry, 'priorCityId');
    const priorIso = prior?.countryIso ?? b.priorCountry?.toUpperCase() ?? null;
    await tx.query(
      `UPDATE auth.persons SET first_name=$2, middle_name=$3, last_name=$4, prior_last_name=$5, date_of_birth=$6, phone=$7, country_code=$8,
         address=$9, city_id=$10, city=$11, state=$12, state_name=$13, postcode=$14, country_iso=$15, country=$16,
         prior_address=$17, prior_city_id=$18, prior_city=$19, prior_state=$20, prior_state_name=$21, prior_postcode=$22, prior_country_iso=$23, prior_country=$24
       WHERE id = $1`,
      [
        personId, b.firstName, b.middleName ?? null, b.lastName, b.priorLastName ?? null, ddMmYyyyToIso(b.dateOfBirth!), b.phone, b.countryCode ?? '1',
        b.address, city.id, city.name, city.state, city.state_name, b.postcode, city.countryIso, countryName(city.countryIso),
        b.priorAddress ?? null, prior?.id ?? null, prior?.name ?? null, prior?.state ?? b.priorState ?? null, prior?.state_name ?? null, b.priorPostcode ?? null,
        priorIso, countryName(priorIso),
      ],
    );
    // The account's own name follows the person's (the header and mails use it).
    await tx.query(`UPDATE auth.users SET first_name = $2, last_name = $3, date_of_birth = $4 WHERE person_id = $1`, [personId, b.firstName, b.lastName, ddMmYyyyToIso(b.dateOfBirth!)]);
  }
}
