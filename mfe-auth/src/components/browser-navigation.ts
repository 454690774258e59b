/** The browser's own navigation (away from the portal, or to a download); an object, so a spec can replace it (jsdom cannot navigate). */
export const browserNavigation = { assign: (url: string): void => window.location.assign(url) };
