import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { ViewerLinkRepository } from '../viewer-links/viewer-link.repository';

/** Keeps the projection of public viewer links current (sharing owns them). */
@Injectable()
export class ViewerLinkConsumers implements OnModuleInit {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly links: ViewerLinkRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('viewer-links', ['sharing.viewer-link-saved'], async ({ payload }, tx) => {
      await this.links.save(tx, payload);
    });
  }
}
