import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LoginScreen } from './login/LoginScreen';
import { GROUP_SEATS_PAGE, PAYMENT_RESULT_PAGE, REQUEST_FEE_PAGE, SMART_PAGES } from '@portal/contracts';
import { PageLoading } from '@portal/ui';

// Only the login screen is in the first load; the rest come on demand.
const SignupScreen = lazy(() => import('./signup/SignupScreen'));
const LinkExpiredScreen = lazy(() =>
  import('./pages/FramePage').then((m) => ({ default: m.LinkExpiredScreen })),
);
const SubscriptionScreen = lazy(() => import('./subscription/SubscriptionScreen'));
const PaymentResultScreen = lazy(() => import('./subscription/PaymentResultScreen'));
const RequestFeeScreen = lazy(() => import('./subscription/RequestFeeScreen'));
const GroupSeatsScreen = lazy(() => import('./subscription/GroupSeatsScreen'));
const SwitchRoleScreen = lazy(() => import('./switch-role/SwitchRoleScreen'));
const ForgotPasswordScreen = lazy(() => import('./password/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./password/ResetPasswordScreen'));
const SettingsScreen = lazy(() => import('./settings/SettingsScreen'));
const PersonalInformationScreen = lazy(() => import('./settings/PersonalInformationScreen'));
const LoginPasswordScreen = lazy(() => import('./settings/LoginPasswordScreen'));
const NotificationSettingsScreen = lazy(() => import('./settings/NotificationSettingsScreen'));
const EmailUpdatedScreen = lazy(() => import('./settings/EmailUpdatedScreen'));
const VerifyEmailScreen = lazy(() => import('./verify-email/VerifyEmailScreen'));
const FamilyMembersScreen = lazy(() => import('./family/FamilyMembersScreen'));
const AccountRemovalScreen = lazy(() => import('./account-removal/AccountRemovalScreen'));
const UnsubscribeScreen = lazy(() => import('./unsubscribe/UnsubscribeScreen'));
const LoginAsScreen = lazy(() => import('./login-as/LoginAsScreen'));
const MyIdentityScreen = lazy(() => import('./identity/MyIdentityScreen'));
const IdentityVerificationScreen = lazy(() => import('./identity/IdentityVerificationScreen'));
const PhoneLoginScreen = lazy(() => import('./login/PhoneLoginScreen'));
const SmartConsentScreen = lazy(() => import('./smart-consent/SmartConsentScreen'));
const ConnectedAppsScreen = lazy(() => import('./connected-apps/ConnectedAppsScreen'));
const BackupScreen = lazy(() => import('./backup/BackupScreen'));

/** Every path of both route tables that mfe-auth draws, with the screen that draws it. */
const SCREENS: [paths: string[], Screen: LazyExoticComponent<ComponentType> | ComponentType][] = [
  [['/login', '/:custodianId/login'], LoginScreen],
  [['/signup'], SignupScreen],
  [['/switch-role', '/switchRole'], SwitchRoleScreen],
  [['/forgot-password', '/forgotPassword'], ForgotPasswordScreen],
  [['/reset-password', '/passwordReset'], ResetPasswordScreen],
  [['/settings', '/myProfile', '/provider/settings'], SettingsScreen],
  [['/settings/personal-information', '/personal-information', '/personalInfo'], PersonalInformationScreen],
  [
    ['/settings/login-password-setting', '/login-password-setting', '/change-password', '/changePassword'],
    LoginPasswordScreen,
  ],
  [['/settings/notifications', '/notifications'], NotificationSettingsScreen],
  [['/email-updated-success'], EmailUpdatedScreen],
  [['/verify-email'], VerifyEmailScreen],
  [['/family-members', '/familyMembers'], FamilyMembersScreen],
  [['/account-removal', '/accountRemoval'], AccountRemovalScreen],
  [['/unsubscribe/:id'], UnsubscribeScreen],
  [['/loginAs'], LoginAsScreen],
  [['/my-identity', '/myIdentity'], MyIdentityScreen],
  [['/identity-verification', '/identityVerification'], IdentityVerificationScreen],
  [['/loginUsingPhoneNumber'], PhoneLoginScreen],
  // Issue 29: the SMART consent screen, Connected apps and Download everything (the same in both tables).
  [[SMART_PAGES.consent], SmartConsentScreen],
  [[SMART_PAGES.connectedApps], ConnectedAppsScreen],
  [[SMART_PAGES.backup], BackupScreen],
  // Issue 30: the Subscription page (also in Settings), the processor's return, a request's fee, a group's seats.
  [['/subscription', '/settings/subscription'], SubscriptionScreen],
  [[PAYMENT_RESULT_PAGE], PaymentResultScreen],
  [[`${REQUEST_FEE_PAGE}/:patientRequestId`], RequestFeeScreen],
  [[`${GROUP_SEATS_PAGE}/:groupId`], GroupSeatsScreen],
];

export const Root = () => (
  <Suspense fallback={<PageLoading />}>
    <Routes>
      {SCREENS.flatMap(([list, Screen]) =>
        list.map((path) => <Route key={path} path={path} element={<Screen />} />),
      )}
      <Route path="/link-expired" element={<LinkExpiredScreen />} />
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
