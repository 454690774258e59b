export * from './theme';
export * from './breakpoint';
export * from './components';
export * from './toast';
export * from './mount-remote';
