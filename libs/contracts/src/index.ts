// Platform: roles, the error vocabulary, messages, route tables, feature settings, events.
export * from './roles';
export * from './errors';
export * from './messages';
export * from './routes';
export * from './features';
export * from './events';
export * from './date-of-birth';
export * from './email';
export * from './uploads';
// One folder per context: its paths (api), shapes (types) and yup schemas.
export * from './auth/api';
export * from './auth/types';
export * from './auth/schemas';
export * from './auth/notification-settings';
export * from './requests/api';
export * from './requests/types';
export * from './requests/schemas';
export * from './records/api';
export * from './records/types';
export * from './records/schemas';
export * from './records/rules';
export * from './provider/api';
export * from './provider/types';
export * from './provider/schemas';
export * from './sharing/api';
export * from './sharing/types';
export * from './sharing/schemas';
export * from './groups/api';
export * from './groups/types';
export * from './groups/schemas';
export * from './groups/person-routes';
export * from './groups/messages';
export * from './imaging/api';
export * from './imaging/types';
export * from './imaging/schemas';
// The contexts' API objects together: the route a controller declares, the gateway's table.
export * from './api-paths';
