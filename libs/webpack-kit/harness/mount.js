// Mounts one remote's `./app` lifecycles at the root route, the way the shell would.
import { registerApplication, start } from 'single-spa';

const name = document
  .querySelector('[id^="single-spa-application:"]')
  .id.slice('single-spa-application:'.length);
registerApplication({ name, app: () => import('portal-harness-app'), activeWhen: () => true });
start();
