import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { FAMILY_MEMBER_TYPES, familyMemberSchema, MESSAGES, type FamilyMember } from '@portal/contracts';
import { AppError, type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, RequestMeta, type RequestMetaValue, validate } from '@portal/server-kit';
import type { EntityManager } from 'typeorm';
import type { InferType } from 'yup';

type FamilyMemberBody = InferType<typeof familyMemberSchema>;
interface Row {
  id: string;
  first_name: string;
  last_name: string;
  relationship_type: string;
  relation_text: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = 'id, first_name, last_name, relationship_type, relation_text';

const toMember = (r: Row): FamilyMember => {
  const type = FAMILY_MEMBER_TYPES.find((t) => t.mnemonic === r.relationship_type) ?? FAMILY_MEMBER_TYPES[FAMILY_MEMBER_TYPES.length - 1];
  return { id: r.id, first_name: r.first_name, last_name: r.last_name, relationship: { id: type.id, name: type.name, mnemonic: type.mnemonic }, relation: r.relation_text };
};
const mnemonicOf = (id: number) => FAMILY_MEMBER_TYPES.find((t) => t.id === id)!.mnemonic;

/** GET /api/familyMemberTypes: the relationships the spec offers. */
@ApiTags('identity')
@Controller('familyMemberTypes')
export class FamilyMemberTypesController {
  @Get()
  list() {
    return FAMILY_MEMBER_TYPES;
  }
}

/** The signed-in user's family members; another user's member answers 404 like one that does not exist. */
@ApiTags('identity')
@Controller('myIdentity/familyMembers')
export class FamilyMembersController {
  constructor(@InjectContext('auth') private readonly kit: ContextKit) {}

  @Get()
  async list(@CurrentUser() user: CurrentUserClaims): Promise<FamilyMember[]> {
    const rows: Row[] = await this.kit.ds.query(`SELECT ${COLUMNS} FROM auth.family_members WHERE user_id = $1 ORDER BY created_at, id`, [user.sub]);
    return rows.map(toMember);
  }

  @Post()
  @HttpCode(201)
  add(@CurrentUser() user: CurrentUserClaims, @Body(validate(familyMemberSchema)) body: FamilyMemberBody, @RequestMeta() meta: RequestMetaValue) {
    return this.change(user, meta, 'identity.family-member-added', randomUUID(), (tx, id) =>
      tx.query(
        `INSERT INTO auth.family_members (id, user_id, first_name, last_name, relationship_type, relationship_type_id, relation_text)
         VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING ${COLUMNS}`,
        [id, user.sub, body.firstName, body.lastName, mnemonicOf(body.relationshipTypeId), body.relationshipTypeId, body.relation ?? null],
      ),
    );
  }

  @Put(':id')
  update(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string, @Body(validate(familyMemberSchema)) body: FamilyMemberBody, @RequestMeta() meta: RequestMetaValue) {
    return this.change(user, meta, 'identity.family-member-updated', id, (tx) =>
      tx.query(
        `UPDATE auth.family_members SET first_name=$3, last_name=$4, relationship_type=$5, relationship_type_id=$6, relation_text=$7, updated_at=now()
         WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [id, user.sub, body.firstName, body.lastName, mnemonicOf(body.relationshipTypeId), body.relationshipTypeId, body.relation ?? null],
      ),
    );
  }

  @Delete(':id')
  async remove(@CurrentUser() user: CurrentUserClaims, @Param('id') id: string, @RequestMeta() meta: RequestMetaValue) {
    await this.change(user, meta, 'identity.family-member-removed', id, (tx) => tx.query(`DELETE FROM auth.family_members WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [id, user.sub]));
    return { message: MESSAGES.entryDeleted };
  }

  /** One write scoped to the owner, audited in the same transaction; no row touched means 404. */
  private async change(user: CurrentUserClaims, meta: RequestMetaValue, action: string, id: string, write: (tx: EntityManager, id: string) => Promise<unknown>) {
    if (!UUID.test(id)) throw new AppError('RESOURCE.NOT_FOUND', 'Family member not found');
    const member = await this.kit.ds.transaction(async (tx) => {
      const result = (await write(tx, id)) as Row[] | [Row[], number];
      // UPDATE and DELETE ... RETURNING answer [rows, count] through TypeORM; INSERT answers rows.
      const rows = Array.isArray(result[0]) ? (result[0] as Row[]) : (result as Row[]);
      if (!rows.length) throw new AppError('RESOURCE.NOT_FOUND', 'Family member not found');
      await this.kit.audit.record(tx, { actorId: user.sub, action, resourceType: 'family-member', resourceId: id, subjectId: user.sub, ip: meta.ip, requestId: meta.requestId });
      return toMember(rows[0]);
    });
    return { message: MESSAGES.entrySaved, member };
  }
}
