import { createContext } from 'react';
import { createTheme, type Theme } from '@mui/material/styles';
import { portalTheme, type ThemeName } from '@portal/ui';

/**
 * The facility's theme for a wizard drawn inside a shadow root: menus, dialogs, popovers and tooltips
 * portal into the shadow root (by default they go to the host page's body, where the shadow root's
 * styles do not reach and the host page's CSS does).
 */
export const shadowTheme = (name: ThemeName | undefined, container: HTMLElement): Theme =>
  createTheme(portalTheme(name), {
    components: {
      MuiModal: { defaultProps: { container } },
      MuiPopover: { defaultProps: { container } },
      MuiPopper: { defaultProps: { container } },
    },
  });

/**
 * The shadow root's element the embed portals into; null outside the embed. The wizard's own facility
 * theme (RequestWizard) replaces the theme around it, so it must build a shadowTheme too, or its menus
 * would go to the host page's body, unstyled and out of reach.
 */
export const ShadowContainerContext = createContext<HTMLElement | null>(null);
