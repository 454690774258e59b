export { SharingContext } from './sharing.context';
