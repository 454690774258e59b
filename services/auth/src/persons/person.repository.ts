import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { type PersonRow } from './person.mapper';
import type { DecodedImage, ImageKind } from './identity-images';

/** One indexed read of a person with both address sets: this is the hottest call of the settings pages. */
const PERSON_SQL = `SELECT p.id, p.user_id AS "userId", p.first_name AS "firstName", p.last_name AS "lastName", p.middle_name AS "middleName",
  p.prior_last_name AS "priorLastName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", p.email, p.phone, p.country_code,
  p.address, p.city_id AS "cityId", p.city, p.state, p.state_name AS "stateName", p.postcode, p.country, p.country_iso AS "countryIso",
  p.prior_address AS "priorAddress", p.prior_city_id AS "priorCityId", p.prior_city AS "priorCity", p.prior_state AS "priorState",
  p.prior_state_name AS "priorStateName", p.prior_postcode AS "priorPostcode", p.prior_country AS "priorCountry", p.prior_country_iso AS "priorCountryIso",
  EXISTS (SELECT 1 FROM auth.person_images i WHERE i.person_id = p.id AND i.kind = 'photo') AS has_image
  FROM auth.persons p WHERE p.id = $1`;

/** An address as stored: the city, state and country come from the city index. */
export interface StoredAddress {
  address: string | null;
  cityId: string | null;
  city: string | null;
  state: string | null;
  stateName: string | null;
  postcode: string | null;
  countryIso: string | null;
  country: string | null;
}

export interface PersonDetails {
  firstName: string;
  middleName: string | null;
  lastName: string;
  priorLastName: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  phone: string;
  countryCode: string;
  current: StoredAddress;
  prior: StoredAddress;
}

/** All SQL on persons and their ID images. */
@Injectable()
export class PersonRepository {
  async find(db: Queryable, id: string): Promise<PersonRow | null> {
    const [row] = await db.query(PERSON_SQL, [id]);
    return row ?? null;
  }

  async insert(
    tx: Queryable,
    p: {
      id: string;
      userId: string;
      firstName: string;
      lastName: string;
      dateOfBirth: string | null;
      email: string;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth.persons (id, user_id, first_name, last_name, date_of_birth, email) VALUES ($1,$2,$3,$4,$5,$6)`,
      [p.id, p.userId, p.firstName, p.lastName, p.dateOfBirth, p.email],
    );
  }

  async saveDetails(tx: Queryable, personId: string, d: PersonDetails): Promise<void> {
    const a = d.current;
    const b = d.prior;
    await tx.query(
      `UPDATE auth.persons SET first_name=$2, middle_name=$3, last_name=$4, prior_last_name=$5, date_of_birth=$6, phone=$7, country_code=$8,
         address=$9, city_id=$10, city=$11, state=$12, state_name=$13, postcode=$14, country_iso=$15, country=$16,
         prior_address=$17, prior_city_id=$18, prior_city=$19, prior_state=$20, prior_state_name=$21, prior_postcode=$22, prior_country_iso=$23, prior_country=$24
       WHERE id = $1`,
      [
        personId,
        d.firstName,
        d.middleName,
        d.lastName,
        d.priorLastName,
        d.dateOfBirth,
        d.phone,
        d.countryCode,
        a.address,
        a.cityId,
        a.city,
        a.state,
        a.stateName,
        a.postcode,
        a.countryIso,
        a.country,
        b.address,
        b.cityId,
        b.city,
        b.state,
        b.stateName,
        b.postcode,
        b.countryIso,
        b.country,
      ],
    );
  }

  /**
   * Gives a person who has no name yet (an account made with only its address) the name, date of birth
   * and phone of a request they made for themself, and their account the same name; a name already
   * there is never replaced. True when the person was named.
   */
  async nameIfUnnamed(
    tx: Queryable,
    personId: string,
    userId: string,
    n: { firstName: string; lastName: string; dateOfBirth: string | null; phone: string | null },
  ): Promise<boolean> {
    const named = await tx.query(
      `UPDATE auth.persons SET first_name = $3, last_name = $4, date_of_birth = coalesce(date_of_birth, $5::date), phone = coalesce(nullif(phone, ''), $6)
       WHERE id = $1 AND user_id = $2 AND first_name = '' AND last_name = '' RETURNING id`,
      [personId, userId, n.firstName, n.lastName, n.dateOfBirth, n.phone],
    );
    if (!named.length) return false;
    await tx.query(
      `UPDATE auth.users SET first_name = $2, last_name = $3, date_of_birth = coalesce(date_of_birth, $4::date) WHERE id = $1 AND person_id = $5`,
      [userId, n.firstName, n.lastName, n.dateOfBirth, personId],
    );
    return true;
  }

  async setEmail(tx: Queryable, personId: string, email: string): Promise<void> {
    await tx.query(`UPDATE auth.persons SET email = $2 WHERE id = $1`, [personId, email]);
  }

  /** Replaces the person's image of that kind. */
  async storeImage(tx: Queryable, personId: string, kind: ImageKind, image: DecodedImage): Promise<void> {
    await tx.query(
      `INSERT INTO auth.person_images (person_id, kind, mime_type, content, sha256) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (person_id, kind) DO UPDATE SET mime_type = excluded.mime_type, content = excluded.content, sha256 = excluded.sha256, created_at = now()`,
      [
        personId,
        kind,
        image.mimeType,
        image.content,
        createHash('sha256').update(image.content).digest('hex'),
      ],
    );
  }

  async readPhoto(db: Queryable, personId: string): Promise<{ content: string; mimeType: string } | null> {
    const [row]: Array<{ content: Buffer; mime_type: string }> = await db.query(
      `SELECT content, mime_type FROM auth.person_images WHERE person_id = $1 AND kind = 'photo'`,
      [personId],
    );
    return row ? { content: row.content.toString('base64'), mimeType: row.mime_type } : null;
  }
}
