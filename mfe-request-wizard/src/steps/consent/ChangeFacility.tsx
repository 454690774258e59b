import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useDebouncedValue } from '@portal/ui';
import { useRecentCustodiansQuery, useWizardCustodiansQuery } from '../../wizard.api';
import { useWizard } from '../../wizard/WizardContext';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Custodian } from '@portal/contracts';

/** Signed-in users may change the facility: recent ones first, or a search (more than 3 characters). */
export const ChangeFacility = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { dispatch } = useWizard();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const recent = useRecentCustodiansQuery(open ? undefined : skipToken);
  const found = useWizardCustodiansQuery(open && query.length > 3 ? query : skipToken);
  const list: Custodian[] = (query.length > 3 ? found.data : recent.data) ?? [];
  const choose = (c: Custodian) => {
    dispatch({ type: 'facility', facilityId: c.id });
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="change-facility">
      <DialogTitle>Change facility</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          margin="dense"
          label="Search facilities"
          helperText="Type at least 4 characters, or choose a recent facility"
          value={text}
          onChange={(e) => setText(e.target.value.trimStart())}
          slotProps={{ htmlInput: { 'data-testid': 'change-facility-search' } }}
        />
        <List>
          {list.map((c) => (
            <ListItemButton key={c.id} onClick={() => choose(c)} data-testid="change-facility-option">
              <ListItemText
                primary={c.name}
                secondary={[c.address.primary_address, c.address.city.name].filter(Boolean).join(', ')}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
};
