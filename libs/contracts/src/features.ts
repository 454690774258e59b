/** Feature settings fetched at start-up; `enable_v2` picks the route table. */
export interface FeatureSettings {
  enable_v2: boolean;
}
export const DEFAULT_FEATURES: FeatureSettings = { enable_v2: true };
