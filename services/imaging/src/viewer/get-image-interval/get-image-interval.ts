import { Inject, Injectable } from '@nestjs/common';
import type { ImageInterval } from '@portal/contracts';
import { CONFIG, type PortalConfig } from '@portal/server-kit';

/** GET imaging/viewer/imageInterval (records spec §7): the time between frames while playing, from configuration. */
@Injectable()
export class GetImageInterval {
  constructor(@Inject(CONFIG) private readonly config: Pick<PortalConfig, 'imageIntervalMs'>) {}

  execute(): ImageInterval {
    return { value: this.config.imageIntervalMs };
  }
}
