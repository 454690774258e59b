import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CustodianDetails } from '@portal/contracts';

/** The facility a /{custodianId}/login page belongs to: its logo and name above the form, in its colours. */
export const CustodianBanner = ({ custodian }: { custodian: CustodianDetails }) => {
  const logo = custodian.value?.image_data;
  return (
    <Box
      data-testid="login-custodian"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        pt: { xs: 3, sm: 5 },
        px: 2,
      }}
    >
      <Avatar
        src={logo ?? undefined}
        alt={logo ? `${custodian.name} logo` : undefined}
        variant="rounded"
        sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
        data-testid="login-custodian-logo"
      >
        {custodian.name.charAt(0)}
      </Avatar>
      <Typography
        component="p"
        variant="h5"
        sx={{ fontWeight: 700, color: 'primary.main' }}
        data-testid="login-custodian-name"
      >
        {custodian.name}
      </Typography>
    </Box>
  );
};
