import { type Caller, type DicomHeader, InjectContext, readDicomHeader, type UseCaseKit } from '@portal/server-kit';
import { Injectable } from '@nestjs/common';
import { DicomFiles } from '../dicom-files';
import { type InstanceOwner, InstanceRepository } from '../instance.repository';

/**
 * Stores DICOM Part 10 files for an owner: each is parsed (a file that is not DICOM is refused and
 * nothing of the batch is kept), indexed once per SOP instance and kept on disk; every study touched
 * is announced with `imaging.study-stored`, so the records context shows it.
 */
@Injectable()
export class StoreInstances {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
  ) {}

  async execute(owner: InstanceOwner, contents: Buffer[], caller: Caller): Promise<{ studies: number; stored: number }> {
    const parsed = contents.map((bytes) => ({ bytes, header: readDicomHeader(new Uint8Array(bytes)) }));
    return this.kit.transaction(async (tx) => {
      const studies = new Map<string, { header: DicomHeader; instances: number }>();
      let stored = 0;
      for (const { bytes, header } of parsed) {
        const key = this.files.keyOf(header);
        if (await this.instances.insertIfMissing(tx, header, owner, key, bytes.length)) {
          await this.files.write(key, bytes);
          stored += 1;
        }
        const s = studies.get(header.studyInstanceUid) ?? { header, instances: 0 };
        s.instances += 1;
        studies.set(header.studyInstanceUid, s);
      }
      for (const { header, instances } of studies.values()) {
        await this.kit.events.record(tx, 'imaging.study-stored', {
          ...owner,
          studyInstanceUid: header.studyInstanceUid,
          modality: header.modality,
          studyDescription: header.studyDescription || `${header.modality} study`,
          studyDate: header.studyDate,
          numberOfInstances: instances,
        });
      }
      await this.kit.audit.record(tx, caller, { action: 'imaging.instances-stored', resourceType: 'study', subjectId: owner.userId, detail: { studies: studies.size, stored } });
      return { studies: studies.size, stored };
    });
  }
}
