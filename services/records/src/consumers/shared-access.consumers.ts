import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { SharedAccess } from '../library/shared-access';

/** Sharing's grants, kept as records' access projection (each snapshot applies once, newest wins). */
@Injectable()
export class SharedAccessConsumers implements OnModuleInit {
  constructor(
    @InjectContext('records') private readonly kit: ContextKit,
    private readonly access: SharedAccess,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('shared-access', ['sharing.access-changed'], ({ payload }, tx) =>
      this.access.policy.grants.apply(tx, payload),
    );
  }
}
