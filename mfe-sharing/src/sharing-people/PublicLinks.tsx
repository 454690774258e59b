import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES, type ViewerLinkSummary } from '@portal/contracts';
import { queryError } from '@portal/api';
import { ConfirmDialog, toast } from '@portal/ui';
import { useGetViewerLinksQuery, useRevokeViewerLinkMutation } from '../sharing.api';
import { lastOpened } from './last-opened';

const PURPOSE = {
  'print-access-page': 'Printed access page',
  facility: 'Sent to a facility',
  link: 'Public link',
  'health-link': 'SMART Health Link',
} as const;

/** The link's name, as its list line starts: the recipient is free text (a health link's label, e.g. "For Dr. Rivera"). */
const nameOf = (l: ViewerLinkSummary) => `${PURPOSE[l.purpose]}${l.recipient ? `: ${l.recipient}` : ''}`;

/** Beyond the spec: the owner's public links (printed pages, facility shares) with their use, each revocable once confirmed. */
export const PublicLinks = () => {
  const links = useGetViewerLinksQuery();
  const [revoke, revoking] = useRevokeViewerLinkMutation();
  const [asking, setAsking] = useState<ViewerLinkSummary | null>(null);
  const live = (links.data ?? []).filter((l) => !l.revoked);
  const confirm = async (l: ViewerLinkSummary) => {
    try {
      await revoke(l.id).unwrap();
      toast.success(MESSAGES.linkRevoked, 'revoke-link');
    } catch (e) {
      toast.error(queryError(e).message, 'revoke-link');
    }
    setAsking(null);
  };
  if (!live.length) return null;
  return (
    <section aria-labelledby="public-links-title" data-testid="public-links">
      <Typography id="public-links-title" component="h2" variant="h6" sx={{ mt: 4 }}>
        Public links
      </Typography>
      <List>
        {live.map((l) => (
          <ListItem
            key={l.id}
            divider
            data-testid="public-link"
            secondaryAction={
              <Button
                color="error"
                onClick={() => setAsking(l)}
                aria-label={`Revoke ${nameOf(l)}`}
                data-testid="public-link-revoke"
              >
                Revoke
              </Button>
            }
          >
            <ListItemText
              sx={{ pr: 10 }}
              primary={`${nameOf(l)} · ${l.studyInstanceUids.length} ${l.studyInstanceUids.length === 1 ? 'study' : 'studies'}`}
              secondary={`Created ${l.created_at.slice(0, 10)}${l.expires_at ? ` · works until ${l.expires_at.slice(0, 10)}` : ''} · ${lastOpened(l.last_opened_at, l.open_count)}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Revoke ${nameOf(asking)}` : 'Revoke'}
        text={MESSAGES.revokeLinkConfirm}
        confirmLabel="Revoke"
        busy={revoking.isLoading}
        onConfirm={() => asking && void confirm(asking)}
        onCancel={() => setAsking(null)}
        testId="revoke-link"
      />
    </section>
  );
};
