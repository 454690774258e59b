import Button from '@mui/material/Button';
import { navigateToUrl } from 'single-spa';

/**
 * The header's Login button for signed-out visitors. It is never shown on the login page, so it is
 * loaded on demand: MUI's Button brings ButtonBase, the ripple and CircularProgress (decision 0007).
 */
const HeaderLoginButton = ({ loginPath }: { loginPath: string }) => (
  <Button
    variant="outlined"
    href={loginPath}
    data-testid="header-login"
    onClick={(e) => (e.preventDefault(), navigateToUrl(loginPath))}
  >
    Login
  </Button>
);

export default HeaderLoginButton;
