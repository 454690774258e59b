import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { navigateToUrl } from 'single-spa';
import { logout } from './logout';
import { activeMenuItem } from './menu';
import type { MenuItem as SideItem } from './menu';

/** Parts of the layout only signed-in users see; loaded on demand to keep the first load small. */
export const ProfileMenu = ({
  name,
  canSwitch,
  settingsPath,
  switchPath,
}: {
  name: string;
  canSwitch: boolean;
  settingsPath: string;
  switchPath: string;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    navigateToUrl(path);
  };
  return (
    <>
      <IconButton
        data-testid="profile-menu"
        aria-label={`Profile menu of ${name}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
          {name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled data-testid="profile-name">
          {name}
        </MenuItem>
        <Divider />
        <MenuItem data-testid="profile-settings" onClick={() => go(settingsPath)}>
          Settings
        </MenuItem>
        {canSwitch ? (
          <MenuItem data-testid="switch-role" onClick={() => go(switchPath)}>
            Switch role
          </MenuItem>
        ) : null}
        <MenuItem
          data-testid="logout"
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
};

export const SideMenu = ({
  items,
  pathname,
  mobile,
}: {
  items: SideItem[];
  pathname: string;
  mobile: boolean;
}) => {
  const active = activeMenuItem(items, pathname);
  if (mobile) {
    // On mobile the menu is a dropdown.
    return (
      <Box component="nav" aria-label="Main menu" data-testid="side-menu" sx={{ px: 2, pt: 2 }}>
        <Box
          component="label"
          htmlFor="side-menu-select"
          sx={{ display: 'block', fontSize: 12, color: 'text.secondary', mb: 0.5 }}
        >
          Menu
        </Box>
        <Box
          component="select"
          id="side-menu-select"
          value={active?.path ?? ''}
          onChange={(e: React.ChangeEvent<HTMLSelectElement>) => navigateToUrl(e.target.value)}
          sx={{
            width: '100%',
            minHeight: 40,
            px: 1,
            font: 'inherit',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          {active ? null : <option value="" disabled />}
          {items.map((i) => (
            <option key={i.path} value={i.path} data-testid={i.testId}>
              {i.label}
            </option>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      data-testid="side-menu"
      sx={{ width: 220, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
    >
      <List>
        {items.map((i) => (
          // A list holds list items only (axe 'list'): the link sits inside one.
          <ListItem key={i.path} disablePadding>
            <ListItemButton
              component="a"
              href={i.path}
              selected={i === active}
              data-testid={i.testId}
              aria-current={i === active ? 'page' : undefined}
              onClick={(e: React.MouseEvent<HTMLAnchorElement>) => {
                e.preventDefault();
                navigateToUrl(i.path);
              }}
            >
              <ListItemText primary={i.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
};
