import { Injectable } from '@nestjs/common';
import type { DicomJsonDataset } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { InstanceRepository, type StudySummary } from '../../instances/instance.repository';

/** A study as QIDO-RS answers it, in the DICOM JSON model (PS3.18 F.2). */
export const toStudyDataset = (r: StudySummary): DicomJsonDataset => ({
  '0020000D': { vr: 'UI', Value: [r.study] },
  '00080061': { vr: 'CS', Value: [r.modality] },
  '00081030': { vr: 'LO', Value: [r.description] },
  '00080020': { vr: 'DA', Value: r.date ? [r.date.replace(/-/g, '')] : [] },
  '00201208': { vr: 'IS', Value: [r.n] },
});

/** QIDO-RS style study search over the caller's own instances. */
@Injectable()
export class SearchStudies {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly instances: InstanceRepository,
  ) {}

  async execute(userId: string): Promise<DicomJsonDataset[]> {
    return (await this.instances.studiesOfUser(this.kit.db, userId)).map(toStudyDataset);
  }
}
