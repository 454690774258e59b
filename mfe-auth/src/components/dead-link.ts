/** Answers that mean a mailed link itself is no good: gone or used (410), missing or malformed (400), unknown (404). */
export const DEAD_LINK = new Set([400, 404, 410]);
