import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import { LoginScreen } from './login/LoginScreen';
import { FRAME_PAGES } from './pages/frames';

// Only the login screen is in the first load; the rest come on demand.
const SignupScreen = lazy(() => import('./signup/SignupScreen'));
const FramePage = lazy(() => import('./pages/FramePage'));
const SwitchRoleScreen = lazy(() => import('./switch-role/SwitchRoleScreen'));
const ForgotPasswordScreen = lazy(() => import('./password/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./password/ResetPasswordScreen'));

export const Root = () => (
  <Suspense fallback={<LinearProgress aria-label="Loading" />}>
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/:custodianId/login" element={<LoginScreen />} />
      <Route path="/signup" element={<SignupScreen />} />
      <Route path="/switch-role" element={<SwitchRoleScreen />} />
      {['/forgot-password', '/forgotPassword'].map((p) => (
        <Route key={p} path={p} element={<ForgotPasswordScreen />} />
      ))}
      {['/reset-password', '/passwordReset'].map((p) => (
        <Route key={p} path={p} element={<ResetPasswordScreen />} />
      ))}
      <Route path="/switchRole" element={<SwitchRoleScreen />} />
      {FRAME_PAGES.flatMap((page) => page.paths.map((path) => <Route key={path} path={path} element={<FramePage page={page.key} />} />))}
      <Route path="*" element={null} />
    </Routes>
  </Suspense>
);
