export * from './theme';
export * from './breakpoint';
export * from './components';
export * from './toast';
export * from './mount-remote';
export * from './form';
export * from './use-error-toast';
export * from './use-debounced-value';
