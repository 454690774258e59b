// The types of index.cjs for TypeScript callers (the billing and gateway tests): the processor's handle.
export interface LocalStripeOptions {
  port?: number;
  secretKey?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  publicUrl?: string;
  webhookRetryMs?: number;
  stateFile?: string;
}

export interface LocalStripe {
  baseUrl: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;
}

export declare const startLocalStripe: (options?: LocalStripeOptions) => Promise<LocalStripe>;
export declare const TEST_CARDS: ReadonlyArray<{ number: string; outcome: string; description: string }>;
