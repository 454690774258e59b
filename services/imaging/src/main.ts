import 'reflect-metadata';
import { runContext } from '@portal/server-kit';
import { ImagingContext } from './imaging.context';

void runContext(ImagingContext, Number(require('../package.json').config.port));
