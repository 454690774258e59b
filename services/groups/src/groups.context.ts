import { defineContext } from '@portal/server-kit';
import { GroupsInit1763800000000 } from './migrations/1763800000000-groups-init';
import { GroupsController } from './groups.http.controller';
import { GroupsDemoSeed } from './demo/seed-demo';

/** The groups context: patient groups, members, coordinators. */
export const GroupsContext = defineContext({
  name: 'groups',
  entities: [],
  migrations: [GroupsInit1763800000000],
  controllers: [GroupsController],
  providers: [GroupsDemoSeed],
});
