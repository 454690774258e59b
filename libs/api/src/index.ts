export * from './http';
export * from './base-query';
export * from './refresh';
export * from './remote-api';
export * from './upload-form';
export * from './save-download';
export * from './object-url';
