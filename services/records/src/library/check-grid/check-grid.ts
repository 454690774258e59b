import { Injectable } from '@nestjs/common';
import type { GridCheck } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GridRepository } from '../grid.repository';
import { snapshotFailed, snapshotNotFound } from '../library.errors';

/** GET v2/myRecords/checkData: whether the caller's snapshot is built (the client asks every 2 s), and its row count once it is. */
@Injectable()
export class CheckGrid {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly grids: GridRepository,
  ) {}

  async execute(userId: string, identifier: string): Promise<GridCheck> {
    const state = await this.grids.findState(this.kit.db, identifier, userId);
    if (!state) throw snapshotNotFound();
    if (state.status === 'failed') throw snapshotFailed(state.error);
    return state.status === 'ready' ? { isReady: true, total: state.total } : { isReady: false, total: null };
  }
}
