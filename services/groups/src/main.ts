import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { GroupsContext } from './groups.context';

void runContext(GroupsContext, Number(require('../package.json').config.port));
