import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

export type ThemeName = 'default' | 'orange' | 'blue';

/** Mobile under 768 px, tablet 768 to 1023, desktop 1024 and over. */
export const BREAKPOINTS = { mobile: 0, tablet: 768, desktop: 1024 } as const;

const PRIMARY: Record<ThemeName, string> = { default: '#1f4e8c', orange: '#c45200', blue: '#0b5cad' };

const cache = new Map<ThemeName, Theme>();

/** The default theme or one of the two custodian themes (orange and blue primary). */
export const portalTheme = (name: ThemeName = 'default'): Theme => {
  const key: ThemeName = name in PRIMARY ? name : 'default';
  let theme = cache.get(key);
  if (!theme) {
    theme = createTheme({
      palette: {
        primary: { main: PRIMARY[key] },
        success: { main: '#2e7d32' },
        error: { main: '#c62828' },
        // MUI's orange (#ed6c02) carries white text at 3:1; this amber keeps 5:1 (WCAG AA) on filled warning chips.
        warning: { main: '#b45309' },
      },
      breakpoints: { values: { xs: 0, sm: BREAKPOINTS.tablet, md: BREAKPOINTS.desktop, lg: 1280, xl: 1536 } },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
        button: { textTransform: 'none' },
      },
      components: {
        // Dropdown option height 48 px, menu maximum height 200 px.
        MuiMenuItem: { styleOverrides: { root: { minHeight: 48 } } },
        MuiMenu: { styleOverrides: { paper: { maxHeight: 200 } } },
      },
    });
    cache.set(key, theme);
  }
  return theme;
};
