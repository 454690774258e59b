import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { RecordsContext } from './records.context';

void runContext(RecordsContext, Number(require('../package.json').config.port));
