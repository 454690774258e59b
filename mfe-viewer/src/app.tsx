import { mountRemote } from '@portal/ui';
import { api } from './api';
import { Root } from './Root';

export const { bootstrap, mount, unmount } = mountRemote('mfe-viewer', Root, { api });
