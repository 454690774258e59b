import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { navigateToUrl } from 'single-spa';
import { GROUP_MESSAGES, actingForText, type PersonPath } from '@portal/contracts';
import { getActing, subscribe } from '@portal/session';

/** The group page a person path belongs to: `/groups/{g}` or `/groupAdmin/{a}/groups/{g}`. */
export const groupPagePath = (person: Pick<PersonPath, 'groupId' | 'groupAdminId'>): string =>
  person.groupAdminId === null
    ? `/groups/${person.groupId}`
    : `/groupAdmin/${person.groupAdminId}/groups/${person.groupId}`;

const useActing = () => useSyncExternalStore(subscribe, getActing, () => null);

/**
 * Above a screen drawn for a group member (decision 0027): who the coordinator acts for, and the way back
 * to the group. The names come from the groups area, which set them when it opened the member's screen.
 */
const ActingBanner = ({ person }: { person: PersonPath }) => {
  const acting = useActing();
  const label = acting?.base === person.base ? acting : null;
  const back = groupPagePath(person);
  return (
    <Box
      role="status"
      data-testid="acting-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: { xs: 2, sm: 3 },
        py: 1,
        // The light amber of a warning alert: dark text and the button keep their contrast on it (axe).
        bgcolor: '#fff4e5',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'warning.main',
      }}
    >
      <Typography
        component="p"
        variant="body2"
        sx={{ flex: '1 1 200px', fontWeight: 600, color: 'text.primary' }}
      >
        {actingForText(label?.memberName ?? null, label?.groupName ?? null)}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        href={back}
        data-testid="acting-back"
        onClick={(e: React.MouseEvent<HTMLAnchorElement>) => {
          e.preventDefault();
          navigateToUrl(back);
        }}
      >
        {GROUP_MESSAGES.backToGroup}
      </Button>
    </Box>
  );
};

export default ActingBanner;
