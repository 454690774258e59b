import { Injectable } from '@nestjs/common';
import type { StudyMoveProgress } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { studyMoveNotFound } from '../../imaging.errors';
import { StudyMoveRepository } from '../study-move.repository';

/** GET imaging/studyMoves/{patientRequestId}: how far the study of a Smart FHIR request has come in; the owner's only. */
@Injectable()
export class GetStudyMove {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly moves: StudyMoveRepository,
  ) {}

  async execute(userId: string, patientRequestId: string): Promise<StudyMoveProgress> {
    const progress = await this.moves.progressOf(this.kit.db, patientRequestId, userId);
    if (!progress) throw studyMoveNotFound();
    return progress;
  }
}
