import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contracts';
import { PageFrame } from '@portal/ui';
import { paths } from '../table';
import type { FrameKey } from './frames';

const TITLES: Record<FrameKey, string> = {
  loginAs: 'Login as user',
  unsubscribe: 'Unsubscribe',
  linkExpired: MESSAGES.linkNoLongerValid,
  familyMembers: 'Family Members',
  accountRemoval: 'Account removal',
  myIdentity: 'My identity',
  subscription: 'Subscription',
  phoneLogin: 'Login using phone number',
};

const FramePage = ({ page }: { page: FrameKey }) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const missingLoginAsToken = page === 'loginAs' && !params.get('token');
  useEffect(() => {
    // Login as user without a token goes to login.
    if (missingLoginAsToken) navigate(paths().login, { replace: true });
  }, [missingLoginAsToken, navigate]);

  return (
    <PageFrame title={TITLES[page]} testId={`auth-${page}`}>
      {page === 'linkExpired' ? (
        <Typography data-testid="link-expired-text">{MESSAGES.linkExpiredText}</Typography>
      ) : null}
    </PageFrame>
  );
};

export default FramePage;
