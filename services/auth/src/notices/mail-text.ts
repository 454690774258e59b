/** Text pieces of the mails and pages this context writes. */

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 'Hello Pat,' or, for an account that has no name yet (registerAccount), 'Hello,'. */
export const greeting = (firstName: string | null | undefined): string =>
  firstName?.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
