import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { ProviderContext } from './provider.context';

void runContext(ProviderContext, Number(require('../package.json').config.port));
