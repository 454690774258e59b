import { defineContext } from '@portal/server-kit';
import { AuthInit1763800000000 } from './migrations/1763800000000-auth-init';
import { AuthAccounts1763900000000 } from './migrations/1763900000000-auth-accounts';
import { AuthEmailVerified1767000000000 } from './migrations/1767000000000-auth-email-verified';
import { UserRepository } from './accounts/user.repository';
import { CreateAccount } from './accounts/create-account/create-account';
import { CreateAccountController } from './accounts/create-account/create-account.http.controller';
import { RegisterAccount } from './accounts/register-account/register-account';
import { RegisterAccountController } from './accounts/register-account/register-account.http.controller';
import { CheckUserEmail } from './accounts/check-user-email/check-user-email';
import { CheckUserEmailController } from './accounts/check-user-email/check-user-email.http.controller';
import { GetUserInformation } from './accounts/get-user-information/get-user-information';
import { GetUserInformationController } from './accounts/get-user-information/get-user-information.http.controller';
import { SwitchRole } from './accounts/switch-role/switch-role';
import { SwitchRoleController } from './accounts/switch-role/switch-role.http.controller';
import { ListRolesController } from './accounts/list-roles/list-roles.http.controller';
import { PersonRepository } from './persons/person.repository';
import { GetPerson } from './persons/get-person/get-person';
import { GetPersonController } from './persons/get-person/get-person.http.controller';
import { SaveDetails } from './persons/save-details/save-details';
import { SaveDetailsController } from './persons/save-details/save-details.http.controller';
import { SaveIdImages } from './persons/save-id-images/save-id-images';
import { SaveIdImagesController } from './persons/save-id-images/save-id-images.http.controller';
import { RefreshTokenRepository } from './sessions/refresh-token.repository';
import { SigningKeyRepository } from './sessions/signing-key.repository';
import { LoginAttemptRepository } from './sessions/login-attempt.repository';
import { TokenService } from './sessions/token.service';
import { SessionService } from './sessions/session.service';
import { FailedLogins } from './sessions/failed-logins';
import { Login } from './sessions/login/login';
import { LoginController } from './sessions/login/login.http.controller';
import { Logout } from './sessions/logout/logout';
import { LogoutController } from './sessions/logout/logout.http.controller';
import { RefreshSession } from './sessions/refresh-session/refresh-session';
import { RefreshSessionController } from './sessions/refresh-session/refresh-session.http.controller';
import { PublishKeysController } from './sessions/publish-keys/publish-keys.http.controller';
import { ForgotPassword } from './passwords/forgot-password/forgot-password';
import { ForgotPasswordController } from './passwords/forgot-password/forgot-password.http.controller';
import { CheckPasswordLink } from './passwords/check-password-link/check-password-link';
import { CheckPasswordLinkController } from './passwords/check-password-link/check-password-link.http.controller';
import { ResetPassword } from './passwords/reset-password/reset-password';
import { ResetPasswordController } from './passwords/reset-password/reset-password.http.controller';
import { ChangePassword } from './passwords/change-password/change-password';
import { ChangePasswordController } from './passwords/change-password/change-password.http.controller';
import { RequestEmailChange } from './email-change/request-email-change/request-email-change';
import { RequestEmailChangeController } from './email-change/request-email-change/request-email-change.http.controller';
import { ConfirmEmailChange } from './email-change/confirm-email-change/confirm-email-change';
import { ConfirmEmailChangeController } from './email-change/confirm-email-change/confirm-email-change.http.controller';
import { RequestAccountRemoval } from './account-removal/request-account-removal/request-account-removal';
import { RequestAccountRemovalController } from './account-removal/request-account-removal/request-account-removal.http.controller';
import { ConfirmAccountRemoval } from './account-removal/confirm-account-removal/confirm-account-removal';
import { ConfirmAccountRemovalController } from './account-removal/confirm-account-removal/confirm-account-removal.http.controller';
import { FamilyMemberRepository } from './family-members/family-member.repository';
import { NameFromRequest } from './persons/name-from-request/name-from-request';
import { RequestConsumers } from './consumers/request.consumers';
import { OpenFacilityAccount } from './facility-accounts/open-facility-account/open-facility-account';
import { FacilityAccountConsumers } from './consumers/facility-account.consumers';
import { GroupRoleConsumers } from './consumers/group-role.consumers';
import { GrantGroupRole } from './accounts/grant-group-role/grant-group-role';
import { ListFamilyMembers } from './family-members/list-family-members/list-family-members';
import {
  FamilyMemberTypesController,
  ListFamilyMembersController,
} from './family-members/list-family-members/list-family-members.http.controller';
import { SaveFamilyMember } from './family-members/save-family-member/save-family-member';
import { SaveFamilyMemberController } from './family-members/save-family-member/save-family-member.http.controller';
import { RemoveFamilyMember } from './family-members/remove-family-member/remove-family-member';
import { RemoveFamilyMemberController } from './family-members/remove-family-member/remove-family-member.http.controller';
import { NotificationSettingRepository } from './notification-settings/notification-setting.repository';
import { NotificationSettingsService } from './notification-settings/notification-settings.service';
import { GetNotificationSettingsController } from './notification-settings/get-notification-settings/get-notification-settings.http.controller';
import { SaveNotificationSettings } from './notification-settings/save-notification-settings/save-notification-settings';
import { SaveNotificationSettingsController } from './notification-settings/save-notification-settings/save-notification-settings.http.controller';
import { FeatureSettingRepository } from './feature-settings/feature-setting.repository';
import { GetFeatureSettings } from './feature-settings/get-feature-settings/get-feature-settings';
import { GetFeatureSettingsController } from './feature-settings/get-feature-settings/get-feature-settings.http.controller';
import { AccountLinkRepository } from './links/account-link.repository';
import { AccountLinks } from './links/account-links';
import { AccountNotices } from './notices/account-notices';
import { SecretRepository } from './notices/secret.repository';
import { Secrets } from './notices/secrets';
import { UsedChallengeRepository } from './unsubscribe/used-challenge.repository';
import { BotCheck } from './unsubscribe/bot-check';
import { OneClickBody } from './unsubscribe/one-click-body';
import { OptOut } from './unsubscribe/opt-out/opt-out';
import { OptOutController } from './unsubscribe/opt-out/opt-out.http.controller';
import { IssueLoginAsLink } from './login-as/issue-login-as-link/issue-login-as-link';
import { IssueLoginAsLinkController } from './login-as/issue-login-as-link/issue-login-as-link.http.controller';
import { SignInWithLink } from './login-as/sign-in-with-link/sign-in-with-link';
import { SignInWithLinkController } from './login-as/sign-in-with-link/sign-in-with-link.http.controller';
import { RequestPhoneLogin } from './login-as/request-phone-login/request-phone-login';
import { RequestPhoneLoginController } from './login-as/request-phone-login/request-phone-login.http.controller';
import { ReferenceController } from './reference/reference.http.controller';
import { CityIndex } from './reference/city-index';
import { AccountRateLimit } from './limits/account-rate-limit';
import { AuthDemoSeed } from './demo/seed-demo';
import { EmailProofs } from './email-verification/email-proofs';
import { VerifyEmail } from './email-verification/verify-email/verify-email';
import { VerifyEmailController } from './email-verification/verify-email/verify-email.http.controller';
import { ResendVerification } from './email-verification/resend-verification/resend-verification';
import { ResendVerificationController } from './email-verification/resend-verification/resend-verification.http.controller';
import { AfterAnswer } from './notices/after-answer';
import { AuthSmartAppLaunch1767600000000 } from './migrations/1767600000000-smart-app-launch';
import { SmartClientRepository } from './smart/smart-client.repository';
import { SmartAuthorizationRepository } from './smart/smart-authorization.repository';
import { SmartGrants } from './smart/smart-grants';
import { FormBody } from './smart/form-body';
import { RegisterClient } from './smart/register-client/register-client';
import { RegisterClientController } from './smart/register-client/register-client.http.controller';
import { Authorize } from './smart/authorize/authorize';
import { AuthorizeController } from './smart/authorize/authorize.http.controller';
import { ShowConsent } from './smart/show-consent/show-consent';
import { ShowConsentController } from './smart/show-consent/show-consent.http.controller';
import { AnswerConsent } from './smart/answer-consent/answer-consent';
import { AnswerConsentController } from './smart/answer-consent/answer-consent.http.controller';
import { IssueToken } from './smart/issue-token/issue-token';
import { IssueTokenController } from './smart/issue-token/issue-token.http.controller';
import { ConnectedApps } from './smart/connected-apps/connected-apps';
import { ConnectedAppsController } from './smart/connected-apps/connected-apps.http.controller';

/**
 * The auth context: accounts, sessions, persons, passwords and links, family members, settings,
 * feature settings, reference data, unsubscribe. A folder per use case (controller + use case +
 * spec), a repository per aggregate (docs/decisions/0012).
 */
export const AuthContext = defineContext({
  name: 'auth',
  actingForMembers: true,
  entities: [],
  migrations: [
    AuthInit1763800000000,
    AuthAccounts1763900000000,
    AuthEmailVerified1767000000000,
    AuthSmartAppLaunch1767600000000,
  ],
  controllers: [
    LoginController,
    LogoutController,
    RefreshSessionController,
    PublishKeysController,
    CreateAccountController,
    RegisterAccountController,
    CheckUserEmailController,
    GetUserInformationController,
    ListRolesController,
    SwitchRoleController,
    ReferenceController,
    GetFeatureSettingsController,
    FamilyMemberTypesController,
    ListFamilyMembersController,
    SaveFamilyMemberController,
    RemoveFamilyMemberController,
    ChangePasswordController,
    RequestEmailChangeController,
    ConfirmEmailChangeController,
    RequestAccountRemovalController,
    ConfirmAccountRemovalController,
    GetPersonController,
    SaveDetailsController,
    SaveIdImagesController,
    ForgotPasswordController,
    CheckPasswordLinkController,
    ResetPasswordController,
    GetNotificationSettingsController,
    SaveNotificationSettingsController,
    OptOutController,
    IssueLoginAsLinkController,
    SignInWithLinkController,
    RequestPhoneLoginController,
    VerifyEmailController,
    ResendVerificationController,
    RegisterClientController,
    AuthorizeController,
    ShowConsentController,
    AnswerConsentController,
    IssueTokenController,
    ConnectedAppsController,
  ],
  providers: [
    // repositories
    UserRepository,
    PersonRepository,
    RefreshTokenRepository,
    SigningKeyRepository,
    LoginAttemptRepository,
    FamilyMemberRepository,
    NotificationSettingRepository,
    FeatureSettingRepository,
    AccountLinkRepository,
    SecretRepository,
    UsedChallengeRepository,
    SmartClientRepository,
    SmartAuthorizationRepository,
    // services shared by use cases
    TokenService,
    SessionService,
    FailedLogins,
    AccountLinks,
    AccountNotices,
    Secrets,
    NotificationSettingsService,
    BotCheck,
    OneClickBody,
    CityIndex,
    AccountRateLimit,
    EmailProofs,
    AfterAnswer,
    SmartGrants,
    FormBody,
    // use cases
    CreateAccount,
    RegisterAccount,
    CheckUserEmail,
    GetUserInformation,
    SwitchRole,
    GetPerson,
    SaveDetails,
    NameFromRequest,
    RequestConsumers,
    OpenFacilityAccount,
    FacilityAccountConsumers,
    GroupRoleConsumers,
    GrantGroupRole,
    SaveIdImages,
    Login,
    Logout,
    RefreshSession,
    ForgotPassword,
    CheckPasswordLink,
    ResetPassword,
    ChangePassword,
    RequestEmailChange,
    ConfirmEmailChange,
    RequestAccountRemoval,
    ConfirmAccountRemoval,
    ListFamilyMembers,
    SaveFamilyMember,
    RemoveFamilyMember,
    SaveNotificationSettings,
    GetFeatureSettings,
    OptOut,
    IssueLoginAsLink,
    SignInWithLink,
    RequestPhoneLogin,
    VerifyEmail,
    ResendVerification,
    RegisterClient,
    Authorize,
    ShowConsent,
    AnswerConsent,
    IssueToken,
    ConnectedApps,
    AuthDemoSeed,
  ],
});
