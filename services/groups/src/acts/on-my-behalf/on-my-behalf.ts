import { Injectable } from '@nestjs/common';
import type { GroupLogPage, PageQuery } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ActRepository } from '../act.repository';

/**
 * GET groups/onMyBehalf: "done on your behalf", beyond every proxy-access anchor: what others did for
 * the caller or about their membership (who, what, when, under which group), newest first, paged. What
 * the caller did themself is left out.
 */
@Injectable()
export class OnMyBehalf {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly acts: ActRepository,
  ) {}

  async execute(userId: string, q: PageQuery): Promise<GroupLogPage> {
    const { rows, total } = await this.acts.page(
      this.kit.db,
      { memberId: userId, notActorId: userId },
      { limit: q.size, offset: (q.page - 1) * q.size },
    );
    return { rows, total, page: q.page, size: q.size };
  }
}
