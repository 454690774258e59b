import { Injectable } from '@nestjs/common';
import type { ImagingStudy, ViewerSeries } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { InstanceRepository, type ViewerInstanceRow } from '../../instances/instance.repository';
import { studyNotFound } from '../../imaging.errors';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { type ReaderRequest, StudyAccess } from '../../studies/study-access/study-access';

/** A DICOM person name (Last^First^Middle^Prefix^Suffix) as the header's last and first name. */
export const namesOf = (personName: string): { first: string; last: string } => {
  const [last = '', first = ''] = personName.split('=')[0].split('^');
  return { first: first.trim(), last: last.trim() };
};

/** The rows (already in viewer order) grouped into series; the study's header from its first instance. */
export const toImagingStudy = (studyInstanceUid: string, rows: ViewerInstanceRow[]): ImagingStudy => {
  const series = new Map<string, ViewerSeries>();
  for (const r of rows) {
    let s = series.get(r.series_uid);
    if (!s) {
      s = { series_uid: r.series_uid, series_number: r.series_number, modality: r.modality, series_description: r.series_description, instances: [] };
      series.set(r.series_uid, s);
    }
    s.instances.push({ instance_uid: r.instance_uid, instance_number: r.instance_number, frame: Math.max(1, r.frames) });
  }
  const first = rows[0];
  const { first: firstName, last } = namesOf(first.patient_name);
  return {
    study_uid: studyInstanceUid,
    modality: first.modality,
    study_description: first.study_description,
    study_date: first.study_date,
    patient_first_name: firstName,
    patient_last_name: last,
    total_instances: rows.length,
    series: [...series.values()],
  };
};

/**
 * GET imaging/viewer/studies/{uid}/organizations/{organizationId} (records spec §7): the study's series
 * and instances for the viewer, for its viewer token or a signed-in user who sees it (StudyAccess:
 * 403 for a token not issued for the study, 404 for a user without it). Audited as a read of the owner's data.
 */
@Injectable()
export class GetViewerStudy {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly instances: InstanceRepository,
  ) {}

  async execute(req: ReaderRequest, studyInstanceUid: string, caller: Caller): Promise<ImagingStudy> {
    const reader = await this.access.readerOf(this.kit.db, req);
    const owner = await this.access.ownerFor(this.kit.db, reader, studyInstanceUid);
    const rows = isStudyUid(studyInstanceUid) ? await this.instances.viewerInstances(this.kit.db, owner, studyInstanceUid) : [];
    if (rows.length === 0) throw studyNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.viewer-study-read',
      resourceType: 'study',
      resourceId: studyInstanceUid,
      subjectId: owner,
      detail: reader.grant ? { tokenOf: reader.grant.sub } : {},
    });
    return toImagingStudy(studyInstanceUid, rows);
  }
}
