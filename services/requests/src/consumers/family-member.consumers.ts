import { Injectable, type OnModuleInit } from '@nestjs/common';
import { consumePeople, type ContextKit, InjectContext } from '@portal/server-kit';
import { REQUESTS_PEOPLE } from '../family-members/family-member.repository';

/** The wizard's family members and requester names, from auth's events. Each event applies once, at its version. */
@Injectable()
export class FamilyMemberConsumers implements OnModuleInit {
  constructor(@InjectContext('requests') private readonly kit: ContextKit) {}

  onModuleInit(): Promise<void> {
    return consumePeople(this.kit.events, REQUESTS_PEOPLE, {
      registered: 'requesters',
      named: 'requester-names',
    });
  }
}
