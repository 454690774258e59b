import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** One record a page offers: what it is, and where choosing it goes. */
export interface RecordChoice {
  key: string;
  title: string;
  detail: string;
  to: string;
}

/**
 * The list a record page shows when it was opened without naming a record (a bookmarked /report,
 * /download, /print-access-form): the user picks one and the page goes on with it. Props only.
 */
export const ChooseRecord = ({
  prompt,
  choices,
  emptyText,
  testId = 'choose-record',
}: {
  prompt: string;
  choices: RecordChoice[];
  emptyText: string;
  testId?: string;
}) => (
  <div data-testid={testId}>
    <Typography sx={{ mb: 1 }}>{choices.length ? prompt : emptyText}</Typography>
    {choices.length ? (
      <List aria-label={prompt} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
        {choices.map((c) => (
          <ListItem key={c.key} disablePadding divider>
            <ListItemButton component={RouterLink} to={c.to} data-testid={`${testId}-item`}>
              <ListItemText primary={c.title} secondary={c.detail} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    ) : null}
  </div>
);
