/**
 * The host page's CSS does not cross the shadow boundary, but inherited properties (color, font) do
 * through the host element, and the host page's rules on that element (`* { ... }`) beat :host rules
 * unless !important. So the host element is reset to initial values with !important.
 */
export const HOST_RESET_CSS = ':host { all: initial !important; display: block !important; }';

/**
 * notistack styles its toasts with goober, which writes into the document's head (a style tag with id
 * _goober); the shadow root gets a copy kept in step, or toasts would be unstyled inside it.
 */
export const mirrorDocumentStyles = (shadow: ShadowRoot, id = '_goober'): (() => void) => {
  const copy = document.createElement('style');
  shadow.prepend(copy);
  const sync = () => {
    const source = document.getElementById(id);
    if (source && copy.textContent !== source.textContent) copy.textContent = source.textContent;
  };
  sync();
  const observer = new MutationObserver(sync);
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
};
