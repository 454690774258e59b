import { Inject, Injectable } from '@nestjs/common';
import { DICOMWEB_ROOT, type ImageInterval, type ViewerInit as ViewerInitAnswer } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { StudyAccess } from '../../studies/study-access/study-access';

/**
 * Viewer init, with or without a token (records spec §7), and the image interval: what the viewer
 * needs before it loads images. A token that no longer works is not an error here: the answer says so
 * (token_valid false, no studies), and the page asks for the password again.
 */
@Injectable()
export class ViewerInit {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'imageIntervalMs'>,
    private readonly access: StudyAccess,
  ) {}

  interval(): ImageInterval {
    return { value: this.config.imageIntervalMs };
  }

  async execute(token: string | undefined): Promise<ViewerInitAnswer> {
    const grant = token
      ? await this.access.readerOf(this.kit.db, { viewerToken: token }).then(
          (r) => r.grant,
          () => undefined,
        )
      : undefined;
    return {
      image_interval: this.config.imageIntervalMs,
      dicomweb_root: DICOMWEB_ROOT,
      studies: grant?.studies ?? [],
      token_valid: !!grant,
    };
  }
}
