import { defineContext } from '@portal/server-kit';
import { AUTH_ENTITIES } from './entities';
import { AuthInit1763800000000 } from './migrations/1763800000000-auth-init';
import { AuthAccounts1763900000000 } from './migrations/1763900000000-auth-accounts';
import { TokenService } from './tokens/token.service';
import { SessionService } from './session/session.service';
import { LoginController } from './login/login.http.controller';
import { SessionController } from './session/session.http.controller';
import { CreateAccountController } from './create-account/create-account.http.controller';
import { RolesController } from './roles/roles.http.controller';
import { ReferenceController } from './reference/reference.http.controller';
import { CityIndex } from './reference/city-index';
import { FeatureSettingsController } from './feature-settings/feature-settings.http.controller';
import { IdentityController } from './identity/identity.http.controller';
import { AuthDemoSeed } from './demo/seed-demo';
import { PasswordController } from './password/password.http.controller';
import { AccountLinks } from './links/account-links';
import { AccountNotices } from './notices/account-notices';
import { Secrets } from './notices/secrets';
import { NotificationSettingsService } from './notification-settings/notification-settings.service';
import { NotificationSettingsController } from './notification-settings/notification-settings.http.controller';
import { LoginPasswordController } from './login-password/login-password.http.controller';
import { FamilyMembersController, FamilyMemberTypesController } from './family/family-members.http.controller';
import { AccountRemovalController } from './account-removal/account-removal.http.controller';
import { UnsubscribeController } from './unsubscribe/unsubscribe.http.controller';
import { BotCheck } from './unsubscribe/bot-check';
import { OneClickBody } from './unsubscribe/one-click-body';
import { SignInVariantsController } from './sign-in-variants/sign-in-variants.http.controller';
import { AccountRateLimit } from './limits/account-rate-limit';

/** The auth context: users, credentials, sessions, roles, persons, settings, family, feature settings, reference data, unsubscribe. */
export const AuthContext = defineContext({
  name: 'auth',
  entities: AUTH_ENTITIES,
  migrations: [AuthInit1763800000000, AuthAccounts1763900000000],
  controllers: [
    LoginController,
    SessionController,
    CreateAccountController,
    RolesController,
    ReferenceController,
    FeatureSettingsController,
    FamilyMembersController,
    FamilyMemberTypesController,
    LoginPasswordController,
    AccountRemovalController,
    IdentityController,
    PasswordController,
    NotificationSettingsController,
    UnsubscribeController,
    SignInVariantsController,
  ],
  providers: [TokenService, SessionService, AuthDemoSeed, AccountLinks, AccountNotices, Secrets, NotificationSettingsService, BotCheck, OneClickBody, CityIndex, AccountRateLimit],
});
