import { Injectable } from '@nestjs/common';
import { FAMILY_MEMBER_TYPES, type FamilyMember } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  relationship_type: string;
  relation_text: string | null;
}

/** What a family member is saved with; the relationship is one of FAMILY_MEMBER_TYPES by id. */
export interface FamilyMemberFields {
  firstName: string;
  lastName: string;
  relationshipTypeId: number;
  relation: string | null;
}

const COLUMNS = 'id, first_name, last_name, relationship_type, relation_text';

/** The family member shape of the spec; an unknown stored type reads as the last one (other relative). */
const toMember = (r: Row): FamilyMember => {
  const type =
    FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === r.relationship_type) ??
    FAMILY_MEMBER_TYPES[FAMILY_MEMBER_TYPES.length - 1];
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    relationship: { id: type.id, name: type.name, mnemonic: type.mnemonic },
    relation: r.relation_text,
  };
};
const mnemonicOf = (id: number) => FAMILY_MEMBER_TYPES.find((t) => t.id === id)!.mnemonic;
const first = (rows: Row[]) => (rows.length ? toMember(rows[0]) : null);

/** All SQL on family members; every statement is scoped to the owning user, so another user's member is simply not found. */
@Injectable()
export class FamilyMemberRepository {
  async list(db: Queryable, userId: string): Promise<FamilyMember[]> {
    const rows: Row[] = await db.query(
      `SELECT ${COLUMNS} FROM auth.family_members WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toMember);
  }

  async insert(tx: Queryable, userId: string, id: string, m: FamilyMemberFields): Promise<FamilyMember> {
    const rows = await returning<Row>(
      tx,
      `INSERT INTO auth.family_members (id, user_id, first_name, last_name, relationship_type, relationship_type_id, relation_text)
       VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING ${COLUMNS}`,
      [
        id,
        userId,
        m.firstName,
        m.lastName,
        mnemonicOf(m.relationshipTypeId),
        m.relationshipTypeId,
        m.relation,
      ],
    );
    return first(rows)!;
  }

  /** The updated member, or null when the user has no member of that id. */
  async update(
    tx: Queryable,
    userId: string,
    id: string,
    m: FamilyMemberFields,
  ): Promise<FamilyMember | null> {
    return first(
      await returning<Row>(
        tx,
        `UPDATE auth.family_members SET first_name=$3, last_name=$4, relationship_type=$5, relationship_type_id=$6, relation_text=$7, updated_at=now()
         WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [
          id,
          userId,
          m.firstName,
          m.lastName,
          mnemonicOf(m.relationshipTypeId),
          m.relationshipTypeId,
          m.relation,
        ],
      ),
    );
  }

  /** The removed member, or null when the user has no member of that id. */
  async remove(tx: Queryable, userId: string, id: string): Promise<FamilyMember | null> {
    return first(
      await returning<Row>(
        tx,
        `DELETE FROM auth.family_members WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [id, userId],
      ),
    );
  }
}
