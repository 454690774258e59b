import {
  custodianRequestFeeSchema,
  formatRequestFee,
  isAwaitingPayment,
  isClosedStatus,
  REQUEST_FEE_MAX_CENTS,
  requestFeeNotice,
  requestFeePagePath,
  toCustodianRequestFee,
} from '../index';

describe("a facility's request fee (issue 30)", () => {
  const fee = async (given: unknown) =>
    toCustodianRequestFee(await custodianRequestFeeSchema.validate(given));

  it('0, empty or none is no fee; whole cents up to $1,000.00 are kept in US dollars', async () => {
    for (const none of [null, undefined, { amountCents: 0 }, { amountCents: '' }, { amountCents: null }, {}])
      expect(await fee(none)).toBeNull();
    expect(await fee({ amountCents: 1500 })).toEqual({ amountCents: 1500, currency: 'usd' });
    expect(await fee({ amountCents: '1500', currency: ' USD ' })).toEqual({
      amountCents: 1500,
      currency: 'usd',
    });
    expect(await fee({ amountCents: REQUEST_FEE_MAX_CENTS })).toEqual({
      amountCents: 100_000,
      currency: 'usd',
    });
  });

  it('refuses more than $1,000.00, parts of a cent, negative amounts and other currencies', async () => {
    await expect(fee({ amountCents: 100_001 })).rejects.toThrow('The request fee is at most $1,000.00');
    await expect(fee({ amountCents: 0.5 })).rejects.toThrow('whole number of cents');
    await expect(fee({ amountCents: -100 })).rejects.toThrow('whole number of cents');
    await expect(fee({ amountCents: 'ten dollars' })).rejects.toThrow('whole number of cents');
    await expect(fee({ amountCents: 1500, currency: 'eur' })).rejects.toThrow('US dollars');
  });

  it('reads as dollars, in the wizard notice too', () => {
    const fifteen = { amountCents: 1500, currency: 'usd' };
    expect(formatRequestFee(fifteen)).toBe('$15.00');
    expect(formatRequestFee({ amountCents: 100_000, currency: 'usd' })).toBe('$1,000.00');
    expect(requestFeeNotice('Pinecrest Imaging Center', fifteen)).toBe(
      'Pinecrest Imaging Center charges $15.00 for a records request. You pay it after submitting; the facility starts once it is paid.',
    );
  });

  it('the payment statuses keep a request open and away from its facility; the billing page takes its id', () => {
    expect(isAwaitingPayment('Pending payment')).toBe(true);
    expect(isAwaitingPayment('pending payment clearance')).toBe(true);
    expect(isAwaitingPayment('New')).toBe(false);
    expect(isAwaitingPayment(null)).toBe(false);
    expect(isClosedStatus('Pending payment')).toBe(false);
    expect(requestFeePagePath('0b5f7c1e-2d3a-4e6f-8a9b-1c2d3e4f5a6b')).toBe(
      '/subscription/request-fee/0b5f7c1e-2d3a-4e6f-8a9b-1c2d3e4f5a6b',
    );
  });
});
