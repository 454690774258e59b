export { SharingContext } from './sharing.context';
export { DEMO_OPEN_LINK, DEMO_VIEWER_LINK } from './demo/seed-demo';
