/** DI tokens of the platform and of each context. */
export const CONFIG = Symbol('PORTAL_CONFIG');
export const EVENT_BUS = Symbol('EVENT_BUS');
export const DATABASE_URL = Symbol('DATABASE_URL');
export const contextToken = (name: string): string => `PORTAL_CONTEXT_${name}`;
