import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { AuthContext } from './auth.context';

void runContext(AuthContext, Number(require('../package.json').config.port));
