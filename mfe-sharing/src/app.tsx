import { mountRemote } from '@portal/ui';
import { Root } from './Root';

export const { bootstrap, mount, unmount } = mountRemote('mfe-sharing', Root);
