/**
 * embed.js: a facility puts `<script src="<portal>/embed.js" data-facility="ID"></script>` on its own
 * site and the external request wizard for that facility appears right after the tag. A bundle of
 * its own (no module federation: the host page has no shell), built by webpack.config.cjs.
 */
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { configureApiOrigin } from '@portal/api';
import { EmbeddedWizard } from './EmbeddedWizard';
import { HOST_RESET_CSS, mirrorDocumentStyles } from './shadow-styles';

export const EMBED_ELEMENT_ATTRIBUTE = 'data-portal-embed';

/** Mounts the wizard after `script`; returns the host element (the one the shadow root is attached to). */
export const mountEmbed = (script: HTMLScriptElement): HTMLElement | undefined => {
  const facility = script.dataset.facility?.trim();
  if (!facility) {
    console.error('embed.js: the script tag needs data-facility="<facility id>"');
    return undefined;
  }
  // The portal is wherever this script came from: every API call goes there (CORS allowlist per facility).
  configureApiOrigin(new URL(script.src, document.baseURI).origin);

  const host = document.createElement('div');
  host.setAttribute(EMBED_ELEMENT_ATTRIBUTE, facility);
  script.after(host);
  // Open, so the facility's own scripts and tests can see in; closed would add no isolation of CSS.
  const shadow = host.attachShadow({ mode: 'open' });
  const reset = document.createElement('style');
  reset.textContent = HOST_RESET_CSS;
  const styles = document.createElement('div');
  const mount = document.createElement('div');
  shadow.append(reset, styles, mount);
  mirrorDocumentStyles(shadow);

  const cache = createCache({ key: 'portal-embed', container: styles });
  createRoot(mount).render(<EmbeddedWizard facility={facility} cache={cache} container={mount} />);
  return host;
};

// document.currentScript is only set while the script first runs; read it now, not later.
const current = document.currentScript;
if (current instanceof HTMLScriptElement) mountEmbed(current);
