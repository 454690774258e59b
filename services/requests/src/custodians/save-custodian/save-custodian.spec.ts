import type { Custodian } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import type { SearchCustodians } from '../search-custodians/search-custodians';
import { SaveCustodian } from './save-custodian';

describe('SaveCustodian', () => {
  it('stores the facility unless it exists, with an audit row of who saved it', async () => {
    const fake = fakeUseCaseKit();
    const insertIfMissing = jest.fn();
    const custodian = { id: 'c1', name: 'Lakeside Radiology' } as Omit<Custodian, 'aliases'>;
    const forget = jest.fn();
    await new SaveCustodian(
      fake.kit,
      stub<CustodianRepository>({ insertIfMissing }, 'custodians'),
      stub<SearchCustodians>({ forget }, 'search'),
    ).execute(custodian, testCaller('operator'));
    expect(insertIfMissing).toHaveBeenCalledWith(expect.anything(), custodian, undefined);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.custodian-saved',
        resourceId: 'c1',
        caller: testCaller('operator'),
      }),
    ]);
    // The facility search answers from its cache; a changed facility must show in the next search.
    expect(forget).toHaveBeenCalled();
  });

  describe("the facility's request fee (issue 30)", () => {
    const setup = () => {
      const fake = fakeUseCaseKit();
      const calls = { insertIfMissing: jest.fn(), updateSettings: jest.fn() };
      const useCase = new SaveCustodian(
        fake.kit,
        stub<CustodianRepository>(
          { ...calls, saveAlias: jest.fn(), addEmbedOrigins: jest.fn() },
          'custodians',
        ),
        stub<SearchCustodians>({ forget: jest.fn() }, 'search'),
      );
      const custodian = {
        id: 'c1',
        name: 'Pinecrest Imaging Center',
        isMRNCompulsory: false,
        theme: 'default',
      };
      const save = (requestFee: unknown) =>
        useCase.execute(custodian as Omit<Custodian, 'aliases'>, testCaller('operator'), {
          docTypes: ['IMAGES'],
          bodyParts: [],
          displayDateRange: true,
          logoColor: '#5d4037',
          aliases: [],
          embedOrigins: [],
          requestFee: requestFee as never,
        });
      return { fake, calls, save };
    };

    it('keeps the fee in cents (US dollars) with the settings, audited', async () => {
      const { fake, calls, save } = setup();
      await save({ amountCents: 1500, currency: 'USD' });
      expect(calls.updateSettings).toHaveBeenCalledWith(
        expect.anything(),
        'c1',
        expect.objectContaining({ requestFee: { amountCents: 1500, currency: 'usd' } }),
      );
      expect(fake.audit[0].detail).toEqual({ requestFee: { amountCents: 1500, currency: 'usd' } });
    });

    it.each([[null], [undefined], [{ amountCents: 0 }], [{ amountCents: '' }], [{ amountCents: null }]])(
      '0 or empty is no fee (%p)',
      async (requestFee) => {
        const { calls, save } = setup();
        await save(requestFee);
        expect(calls.updateSettings.mock.calls[0][2].requestFee).toBeNull();
      },
    );

    it.each([
      [{ amountCents: 100_001 }, 'The request fee is at most $1,000.00'],
      [{ amountCents: 12.5 }, 'The request fee is a whole number of cents (0 for none)'],
      [{ amountCents: -1 }, 'The request fee is a whole number of cents (0 for none)'],
      [{ amountCents: 'ten' }, 'The request fee is a whole number of cents (0 for none)'],
      [{ amountCents: 1500, currency: 'eur' }, 'The request fee is in US dollars'],
    ])('refuses %p and saves nothing', async (requestFee, message) => {
      const { fake, calls, save } = setup();
      await expect(save(requestFee)).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
        message,
        errors: { requestFee: message },
      });
      expect(calls.insertIfMissing).not.toHaveBeenCalled();
      expect(fake.audit).toEqual([]);
    });

    it('takes the highest fee, $1,000.00', async () => {
      const { calls, save } = setup();
      await save({ amountCents: 100_000 });
      expect(calls.updateSettings.mock.calls[0][2].requestFee).toEqual({
        amountCents: 100_000,
        currency: 'usd',
      });
    });
  });
});
