import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { settingsRow } from '../custodian.fixtures';
import { GetWizardSettings } from './wizard-init';

describe('GetWizardSettings', () => {
  const useCase = (found = settingsRow() as ReturnType<typeof settingsRow> | null) =>
    new GetWizardSettings(
      fakeUseCaseKit().kit,
      stub<CustodianRepository>({ findSettings: jest.fn().mockResolvedValue(found) }, 'custodians'),
    );

  it("answers the facility's record types and body parts, or the alias's own when it narrows them", async () => {
    expect((await useCase().documentRequestTypes({ custodianId: 'c1' })).map((t) => t.mnemonic)).toEqual([
      'IMAGES',
      'REPORTS',
    ]);
    expect(
      (await useCase().documentRequestTypes({ custodianId: 'c1', custodianAliasId: 'a1' })).map(
        (t) => t.mnemonic,
      ),
    ).toEqual(['REPORTS']);
    // The alias keeps the facility's body parts (its own are null).
    expect(await useCase().bodyParts({ custodianId: 'c1', custodianAliasId: 'a1' })).toEqual([
      { id: 'head', name: 'Head' },
      { id: 'left-knee', name: 'Left knee' },
    ]);
  });

  it('answers init in one: details, offers, date range and the form with the facility named', async () => {
    const init = await useCase(settingsRow({ display_date_range: false })).init({ custodianId: 'c1' });
    expect(init).toMatchObject({
      custodian: { id: 'c1' },
      displayDateRange: false,
      docTypes: [{ mnemonic: 'IMAGES' }, { mnemonic: 'REPORTS' }],
    });
    expect(init.authorizationForm.text).toContain('I authorize St. Mary Imaging Center');
    await expect(useCase().displayDateRange({ custodianId: 'c1' })).resolves.toEqual({
      displayDateRange: true,
    });
    await expect(useCase().authorizationForm({ custodianId: 'c1' })).resolves.toMatchObject({
      title: expect.stringContaining('Authorization'),
    });
  });

  it('refuses an unknown facility (404) and an alias of another facility (400)', async () => {
    await expect(useCase(null).init({ custodianId: 'c9' })).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(useCase().init({ custodianId: 'c1', custodianAliasId: 'other' })).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      errors: { custodianAliasId: expect.any(String) },
    });
  });
});
