import { createRemoteStore } from '@portal/api';
import { api } from './api';

/**
 * The viewer remote's one store, shared by every viewer on the page and by the preload: what the
 * record view fetched ahead (the viewer token, the study) is what the Imaging tab then reads.
 */
let store: ReturnType<typeof createRemoteStore> | null = null;

export const viewerStore = () => (store ??= createRemoteStore(api));

/** Tests start each case on an empty store. */
export const resetViewerStore = (): void => {
  store = null;
};
