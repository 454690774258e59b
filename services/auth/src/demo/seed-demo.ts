import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CONFIG,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoId,
  demoPersonId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { CreateAccount } from '../accounts/create-account/create-account';
import { UserRepository } from '../accounts/user.repository';
import { SaveFamilyMember } from '../family-members/save-family-member/save-family-member';
import { SaveDetails } from '../persons/save-details/save-details';
import { hashPassword } from '../sessions/passwords';
import { SmartClientRepository } from '../smart/smart-client.repository';

/** The demo patient's address and family, saved through the same use cases as the settings pages. */
const DEMO_PATIENT = {
  email: 'patient@example.com',
  details: {
    firstName: 'Pat',
    lastName: 'Jordan',
    dateOfBirth: '12/03/1984',
    phone: '2125550147',
    countryCode: '1',
    address: '350 Fifth Avenue',
    cityId: 'US:NY:New York City',
    country: 'US',
    state: 'NY',
    postcode: '10118',
  },
  family: {
    id: demoId('family:patient:sam'),
    firstName: 'Sam',
    lastName: 'Jordan',
    relationshipTypeId: 4,
    relation: null,
  },
};

/**
 * Issue 29: the small SMART app of the journeys (`node e2e/smart-app.cjs`), registered so a demo user can
 * connect it at once: http://127.0.0.1:8191/launch.html?iss=<portal>/api/fhir&client=demo-imaging-notes
 */
export const DEMO_SMART_APP = {
  clientId: 'demo-imaging-notes',
  clientName: 'Imaging Notes (demo app)',
  redirectUris: ['http://127.0.0.1:8191/app.html'],
  authMethod: 'none' as const,
  secretHash: null,
};

/** One demo user per role (password Demo-Portal-1, address proved), created idempotently at start through CreateAccount. */
@Injectable()
export class AuthDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly users: UserRepository,
    private readonly createAccount: CreateAccount,
    private readonly saveDetails: SaveDetails,
    private readonly saveFamilyMember: SaveFamilyMember,
    private readonly clients: SmartClientRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.clients.insertIfMissing(this.kit.db, DEMO_SMART_APP);
    const existing = await this.users.existingEmails(
      this.kit.db,
      DEMO_USERS.map((u) => u.email),
    );
    const missing = DEMO_USERS.filter((u) => !existing.includes(u.email));
    if (!missing.length) return;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const u of missing) {
      const ids = { userId: demoUserId(u.email), personId: demoPersonId(u.email) };
      const created = await this.createAccount
        .execute(
          { ...u, passwordHash, locale: 'America/New_York', ids, emailVerified: true },
          SYSTEM_CALLER,
          'auth.demo-account-seeded',
        )
        .then(
          () => true,
          // Another process seeded the same user a moment ago.
          (e: { code?: string }) => (e.code === 'AUTH.EMAIL_TAKEN' ? false : Promise.reject(e)),
        );
      if (created && u.email === DEMO_PATIENT.email) {
        const user = { sub: ids.userId, personId: ids.personId };
        await this.saveDetails.execute(user, DEMO_PATIENT.details, SYSTEM_CALLER);
        const { id, ...member } = DEMO_PATIENT.family;
        await this.saveFamilyMember.execute(ids.userId, member, SYSTEM_CALLER, { newId: id });
      }
    }
    logger.info({ users: missing.length }, 'demo users seeded');
  }
}
