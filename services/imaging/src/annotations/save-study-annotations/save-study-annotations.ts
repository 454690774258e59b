import { Injectable } from '@nestjs/common';
import type { SaveStudyAnnotationsInput, StudyAnnotations } from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit } from '@portal/server-kit';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import {
  annotationsConflict,
  annotationsReadOnly,
  annotationTargetsUnknown,
  studyNotFound,
} from '../../imaging.errors';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { type ImagingReader, StudyAccess } from '../../studies/study-access/study-access';
import { unknownTargets } from '../annotation-targets';
import { StudyAnnotationRepository } from '../study-annotation.repository';

/**
 * PUT imaging/studies/{studyInstanceUid}/annotations (issue 31): the owner replaces the whole set of
 * measurements and key images of their copy of the study, if nobody saved since they read it (the version
 * they name is the stored one; else 409 and nothing changes). Who may not see the study gets 404, who may
 * see it but is not the owner's own session 403 (StudyAccess.changesAsOwner). Everything drawn on must be
 * an instance and frame of that study (400 naming the field). Audited with the save, in its transaction.
 * No event: no other context keeps or shows annotations (decision 0032).
 */
@Injectable()
export class SaveStudyAnnotations {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly reads: InstanceReadRepository,
    private readonly annotations: StudyAnnotationRepository,
  ) {}

  async execute(
    reader: ImagingReader,
    study: string,
    body: SaveStudyAnnotationsInput,
    caller: Caller,
  ): Promise<StudyAnnotations> {
    if (!isStudyUid(study)) throw studyNotFound();
    const decision = await this.access.decisionFor(this.kit.db, reader, study);
    const { owner } = decision;
    const instances = await this.reads.viewerInstances(this.kit.db, owner, study);
    if (!instances.length) throw studyNotFound();
    if (!this.access.changesAsOwner(decision, caller)) throw annotationsReadOnly();
    const unknown = unknownTargets(body, instances);
    if (Object.keys(unknown).length) throw annotationTargetsUnknown(unknown);
    const { measurements, keyImages } = body;
    const version = await this.kit.transaction(async (tx) => {
      const next = await this.annotations.replace(tx, owner, study, body.version, {
        measurements,
        keyImages,
      });
      if (next === null) throw annotationsConflict((await this.annotations.find(tx, owner, study)).version);
      await this.kit.audit.record(tx, caller, {
        action: 'imaging.annotations-saved',
        resourceType: 'study',
        resourceId: study,
        subjectId: owner,
        detail: {
          access: reasonText(decision.reason),
          version: next,
          measurements: measurements.length,
          keyImages: keyImages.length,
        },
      });
      return next;
    });
    return { measurements, keyImages, version, canWrite: true };
  }
}
