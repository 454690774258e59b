import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { SharingContext } from './sharing.context';

void runContext(SharingContext, Number(require('../package.json').config.port));
