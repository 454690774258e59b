import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { WIZARD_UPLOADS, type WizardUploadKind } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  CONFIG,
  createRateCounter,
  type PortalConfig,
  type RateCounter,
  type UploadForm,
} from '@portal/server-kit';
import { uploadsRateLimited } from '../../requests.errors';

/** Where the wizard's files of a kind live; the submit only accepts keys under these prefixes. */
export const wizardPrefix = (kind: WizardUploadKind): string => `wizard/${kind}`;
const WINDOW_MS = 60_000;

/**
 * GET uploadForm?kind=: a presigned form for one wizard file. Public, because a visitor uploads the
 * photo ID before the account step; so each address gets a bounded number of forms a minute (the
 * sensitive-route limit), shared across processes when Redis is configured.
 */
@Injectable()
export class GetUploadForm implements OnModuleDestroy {
  private readonly counter: RateCounter;

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CONFIG)
    private readonly config: Pick<
      PortalConfig,
      'redisUrl' | 'redisKeyPrefix' | 'sensitiveRateLimitPerMinute'
    >,
  ) {
    this.counter = createRateCounter(config, 'wizard-upload');
  }

  async execute(kind: WizardUploadKind, ip: string | null): Promise<UploadForm> {
    const hit = await this.counter.hit(ip ?? 'unknown', WINDOW_MS);
    if (hit.count > this.config.sensitiveRateLimitPerMinute)
      throw uploadsRateLimited(Math.ceil(hit.resetInMs / 1000));
    const rules = WIZARD_UPLOADS[kind];
    return this.blobs.createUploadForm(wizardPrefix(kind), {
      contentTypes: [...rules.contentTypes],
      maxBytes: rules.maxBytes,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.counter.close();
  }
}
