/**
 * The owner rule: a user reads what they hold. `holders` are the accounts that hold the record in the
 * asking context (a study's instances, a request's rows), in the order the context prefers.
 */
export const isHolder = (userId: string, holders: readonly string[]): boolean => holders.includes(userId);
