import { defineContext } from '@portal/server-kit';
import { AUTH_ENTITIES } from './entities';
import { AuthInit1763800000000 } from './migrations/1763800000000-auth-init';
import { TokenService } from './tokens/token.service';
import { SessionService } from './session/session.service';
import { LoginController } from './login/login.http.controller';
import { SessionController } from './session/session.http.controller';
import { CreateAccountController } from './create-account/create-account.http.controller';
import { RolesController } from './roles/roles.http.controller';
import { ReferenceController } from './reference/reference.http.controller';
import { FeatureSettingsController } from './feature-settings/feature-settings.http.controller';
import { IdentityController } from './identity/identity.http.controller';
import { AuthDemoSeed } from './demo/seed-demo';
import { PasswordController } from './password/password.http.controller';
import { PasswordLinks } from './password/password-links';

/** The auth context: users, credentials, sessions, roles, persons, feature settings, reference data. */
export const AuthContext = defineContext({
  name: 'auth',
  entities: AUTH_ENTITIES,
  migrations: [AuthInit1763800000000],
  controllers: [LoginController, SessionController, CreateAccountController, RolesController, ReferenceController, FeatureSettingsController, IdentityController, PasswordController],
  providers: [TokenService, SessionService, AuthDemoSeed, PasswordLinks],
});
