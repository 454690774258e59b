import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { navigateToUrl } from 'single-spa';
import { ROLE_NAMES, roleFallback } from '@portal/contracts';
import { queryError } from '@portal/api';
import { getRouteTable, getUser, saveLogin, getRefreshToken } from '@portal/session';
import { PageFrame, useToast } from '@portal/ui';
import { useSwitchRoleMutation } from '../login/login.api';

/** Lists the roles the user holds; choosing one asks the server for a token of that role and opens its page. */
const SwitchRoleScreen = () => {
  const user = getUser();
  const toast = useToast();
  const [switchRole] = useSwitchRoleMutation();
  // Stays busy after a success: the page is left for the role's own.
  const [busy, setBusy] = useState(false);
  const choose = async (role: string) => {
    setBusy(true);
    try {
      const answer = await switchRole(role).unwrap();
      saveLogin({ ...answer, refresh_token: getRefreshToken() ?? '' });
      toast.dismiss('switch-role');
      navigateToUrl(roleFallback(answer.user.role.mnemonic, getRouteTable()));
    } catch (e) {
      toast.error(queryError(e).message, 'switch-role');
      setBusy(false);
    }
  };
  return (
    <PageFrame title="Switch role" testId="auth-switchRole">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(user?.roles ?? []).map((r) => (
          <Button
            key={r}
            variant={r === user?.role.mnemonic ? 'contained' : 'outlined'}
            aria-pressed={r === user?.role.mnemonic}
            disabled={busy}
            onClick={() => void choose(r)}
            data-testid={`switch-role-${r}`}
          >
            {ROLE_NAMES[r]}
          </Button>
        ))}
      </Stack>
    </PageFrame>
  );
};

export default SwitchRoleScreen;
