import { RemoteFallback } from '@portal/ui';

export const RemoteFallbackView = () => <RemoteFallback />;
