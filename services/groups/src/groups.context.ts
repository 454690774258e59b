import { defineContext } from '@portal/server-kit';
import { GroupsInit1763800000000 } from './migrations/1763800000000-groups-init';
import { GroupRepository } from './groups/group.repository';
import { LoadGroups } from './groups/load-groups/load-groups';
import { LoadGroupsController } from './groups/load-groups/load-groups.http.controller';
import { SaveGroup } from './groups/save-group/save-group';
import { GroupsDemoSeed } from './demo/seed-demo';

/** The groups context: patient groups, members, coordinators. */
export const GroupsContext = defineContext({
  name: 'groups',
  entities: [],
  migrations: [GroupsInit1763800000000],
  controllers: [LoadGroupsController],
  providers: [GroupRepository, LoadGroups, SaveGroup, GroupsDemoSeed],
});
