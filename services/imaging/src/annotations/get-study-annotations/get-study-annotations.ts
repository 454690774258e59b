import { Injectable } from '@nestjs/common';
import type { StudyAnnotations } from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit } from '@portal/server-kit';
import { InstanceRepository } from '../../instances/instance.repository';
import { studyNotFound } from '../../imaging.errors';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { type ImagingReader, StudyAccess } from '../../studies/study-access/study-access';
import { StudyAnnotationRepository } from '../study-annotation.repository';

/**
 * GET imaging/studies/{studyInstanceUid}/annotations (issue 31): the measurements and key images of the
 * owner's copy of the study, for whoever may view it (StudyAccess: the owner, a shared person, a public
 * link's or a facility's token), with whether this caller may change them. A study the reader may not
 * see is a 404 like a missing one. Every read is audited, as every read of the study is.
 */
@Injectable()
export class GetStudyAnnotations {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly instances: InstanceRepository,
    private readonly annotations: StudyAnnotationRepository,
  ) {}

  async execute(reader: ImagingReader, study: string, caller: Caller): Promise<StudyAnnotations> {
    if (!isStudyUid(study)) throw studyNotFound();
    const decision = await this.access.decisionFor(this.kit.db, reader, study);
    const { owner } = decision;
    if (!(await this.instances.countByStudies(this.kit.db, owner, [study])).get(study)) throw studyNotFound();
    const saved = await this.annotations.find(this.kit.db, owner, study);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.annotations-read',
      resourceType: 'study',
      resourceId: study,
      subjectId: owner,
      detail: { access: reasonText(decision.reason), version: saved.version },
    });
    return { ...saved, canWrite: this.access.changesAsOwner(decision, caller) };
  }
}
