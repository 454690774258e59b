import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { settingsRow } from '../custodian.fixtures';
import { LinkCustodian } from './link-custodian';

describe('LinkCustodian', () => {
  const setup = (found: boolean) => {
    const fake = fakeUseCaseKit();
    const link = jest.fn();
    const useCase = new LinkCustodian(
      fake.kit,
      stub<CustodianRepository>(
        { findSettings: jest.fn().mockResolvedValue(found ? settingsRow() : null), link },
        'custodians',
      ),
    );
    return { fake, link, useCase };
  };

  it('links the caller to the facility, audited, and answers the facility', async () => {
    const { fake, link, useCase } = setup(true);
    await expect(useCase.execute('u1', 'c1', testCaller('u1'))).resolves.toMatchObject({
      id: 'c1',
      value: { image_data: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
    });
    expect(link).toHaveBeenCalledWith(fake.tx, 'u1', 'c1');
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'requests.custodian-linked', resourceId: 'c1', subjectId: 'u1' }),
    ]);
  });

  it('answers 404 for an unknown facility and links nothing', async () => {
    const { fake, link, useCase } = setup(false);
    await expect(useCase.execute('u1', 'c9', testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(link).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });
});
