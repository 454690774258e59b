import { PATHS } from '@portal/contracts';
import { getRouteTable } from '@portal/session';

/** Named destinations of the route table the shell picked. */
export const paths = () => PATHS[getRouteTable()];
