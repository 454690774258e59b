import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { FeatureSettingRepository } from '../feature-setting.repository';
import { GetFeatureSettings } from './get-feature-settings';

describe('GetFeatureSettings', () => {
  const run = async (stored: Record<string, boolean>, override: boolean | undefined) => {
    const fake = fakeUseCaseKit();
    const all = jest.fn().mockResolvedValue(stored);
    const answer = await new GetFeatureSettings(
      fake.kit,
      { featureOverrides: { enable_v2: override } },
      stub<FeatureSettingRepository>({ all }, 'featureSettings'),
    ).execute();
    expect(all).toHaveBeenCalledWith(fake.kit.db);
    return answer;
  };

  it('answers the stored value when the process has no override', async () => {
    await expect(run({ enable_v2: false }, undefined)).resolves.toEqual({ enable_v2: false });
    await expect(run({ enable_v2: true }, undefined)).resolves.toEqual({ enable_v2: true });
  });

  it('lets the config override win over the stored value, either way', async () => {
    await expect(run({ enable_v2: true }, false)).resolves.toEqual({ enable_v2: false });
    await expect(run({ enable_v2: false }, true)).resolves.toEqual({ enable_v2: true });
  });

  it('answers enable_v2 true when nothing is stored and nothing overrides', async () => {
    await expect(run({}, undefined)).resolves.toEqual({ enable_v2: true });
  });
});
