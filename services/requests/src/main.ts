import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { RequestsContext } from './requests.context';

void runContext(RequestsContext, Number(require('../package.json').config.port));
