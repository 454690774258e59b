import { Injectable } from '@nestjs/common';
import type { ImagingStudy } from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit } from '@portal/server-kit';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import { studyNotFound } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../../dicomweb/shared/dicomweb-reader';
import { toImagingStudy } from './viewer-study';

/**
 * The viewer's study by study uid and organization id (records spec §7): its series list. The study uid
 * and the reader (image-viewer-token or bearer) decide access; the organization id names the facility
 * the page came from and changes nothing.
 */
@Injectable()
export class GetViewerStudy {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
  ) {}

  async execute(reader: ImagingReader, study: string, caller: Caller): Promise<ImagingStudy> {
    const { owner, reason } = await this.readers.studyOf(reader, study);
    const rows = await this.reads.viewerInstances(this.kit.db, owner, study);
    if (rows.length === 0) throw studyNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.viewer-study-read',
      resourceType: 'study',
      resourceId: study,
      subjectId: owner,
      detail: { access: reasonText(reason) },
    });
    return toImagingStudy(study, rows);
  }
}
