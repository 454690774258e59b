import { Injectable, type OnModuleInit } from '@nestjs/common';
import { consumePeople, type ContextKit, InjectContext } from '@portal/server-kit';
import { RECORDS_PEOPLE } from '../family/family-member.repository';

/** Account holders and family members, from auth's events: whose library a grid or a self upload is about. Each event applies once, at its version. */
@Injectable()
export class FamilyMemberConsumers implements OnModuleInit {
  constructor(@InjectContext('records') private readonly kit: ContextKit) {}

  onModuleInit(): Promise<void> {
    return consumePeople(this.kit.events, RECORDS_PEOPLE, { registered: 'holders', named: 'holder-names' });
  }
}
