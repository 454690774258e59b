import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext, SYSTEM_CALLER } from '@portal/server-kit';
import { StudyMoveRepository } from './study-move.repository';
import { StudyMover } from './study-mover';

/** A Smart FHIR request whose source can deliver the study: queued for the StudyMover, once per request. */
@Injectable()
export class StudyMoveConsumers implements OnModuleInit {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly moves: StudyMoveRepository,
    private readonly mover: StudyMover,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'study-moves',
      ['records.smart-fhir-study-requested'],
      async ({ payload }, tx) => {
        if (!payload.move) return;
        await this.moves.add(tx, {
          patient_request_id: payload.patientRequestId,
          user_id: payload.userId,
          source_id: payload.move.sourceId,
          wado_root: payload.move.wadoRoot,
          study_instance_uid: payload.study.studyInstanceUid,
        });
        await this.kit.audit.record(tx, SYSTEM_CALLER, {
          action: 'imaging.study-move-queued',
          resourceType: 'study',
          resourceId: payload.study.studyInstanceUid,
          subjectId: payload.userId,
          detail: { patientRequestId: payload.patientRequestId, source: payload.move.sourceId },
        });
      },
    );
  }
}
