import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import type { CustodianSettingsRow } from '../custodian.mapper';
import { settingsRow } from '../custodian.fixtures';
import { GetCustodian } from './get-custodian';

describe('GetCustodian', () => {
  const useCase = (found: CustodianSettingsRow | null) =>
    new GetCustodian(
      fakeUseCaseKit().kit,
      stub<CustodianRepository>({ findSettings: jest.fn().mockResolvedValue(found) }, 'custodians'),
    );

  it('answers the facility with an initials logo in its colour and its record types', async () => {
    const details = await useCase(settingsRow()).execute('c1');
    expect(details).toMatchObject({
      id: 'c1',
      isMRNCompulsory: true,
      aliases: [{ id: 'a1' }],
      docTypes: [{ id: 'IMAGES', name: 'Images', mnemonic: 'IMAGES' }, { mnemonic: 'REPORTS' }],
    });
    const svg = Buffer.from(
      details.value.image_data!.replace('data:image/svg+xml;base64,', ''),
      'base64',
    ).toString();
    expect(svg).toContain('fill="#aa3300"');
    expect(svg).toContain('>SM</text>');
  });

  it('answers 404 "Custodian not found" for an unknown id', async () => {
    await expect(useCase(null).execute('c2')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Custodian not found',
    });
  });
});
