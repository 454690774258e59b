import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { StudyAccess } from '../studies/study-access/study-access';

/** Sharing's grants, kept as imaging's access projection (each snapshot applies once, newest wins). */
@Injectable()
export class SharedAccessConsumers implements OnModuleInit {
  constructor(
    @InjectContext('imaging') private readonly kit: ContextKit,
    private readonly access: StudyAccess,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('shared-access', ['sharing.access-changed'], ({ payload }, tx) =>
      this.access.policy.grants.apply(tx, payload),
    );
  }
}
