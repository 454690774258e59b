import { BILLING_MESSAGES, type RequestFeeStatus } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { RequestFeeRepository, RequestFeeRow } from '../../request-fees/request-fee.repository';
import type { CheckoutOrder, CheckoutStarter } from '../start-checkout';
import { InitializeOneTimeCharge } from './initialize-one-time-charge';

const aFee = (status: RequestFeeStatus): RequestFeeRow => ({
  patient_request_id: 'pr1',
  user_id: 'u1',
  custodian_name: 'General Hospital',
  amount_cents: 2500,
  currency: 'usd',
  status,
  message: null,
  transaction_id: null,
  version: '1',
});

describe('InitializeOneTimeCharge', () => {
  const setup = (fee: RequestFeeRow | null) => {
    const fake = fakeUseCaseKit();
    const own = jest.fn().mockResolvedValue(fee);
    const attach = jest.fn().mockResolvedValue(undefined);
    // The starter records the transaction and runs `started` in one transaction, as CheckoutStarter does.
    const start = jest.fn(async (order: CheckoutOrder) => {
      await fake.kit.transaction((tx) => order.started?.(tx, 't9') ?? Promise.resolve());
      return { transactionId: 't9', url: 'https://checkout.test/cs_9' };
    });
    const useCase = new InitializeOneTimeCharge(
      fake.kit,
      stub<RequestFeeRepository>({ own, attach }, 'fees'),
      stub<CheckoutStarter>({ start }, 'checkout'),
    );
    return { fake, own, attach, start, useCase };
  };

  it("answers 404 for another's fee (or none), starting nothing", async () => {
    const { fake, own, start, useCase } = setup(null);
    await expect(useCase.execute('u2', 'pr1')).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      status: 404,
      message: 'Request fee not found',
    });
    expect(own).toHaveBeenCalledWith(fake.kit.db, 'u2', 'pr1');
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['PAID', 'CLEARING'] as const)('refuses to take a %s fee again (409)', async (status) => {
    const { start, attach, useCase } = setup(aFee(status));
    await expect(useCase.execute('u1', 'pr1')).rejects.toMatchObject({
      code: 'RESOURCE.CONFLICT',
      status: 409,
      message: BILLING_MESSAGES.feeNotDue,
    });
    expect(start).not.toHaveBeenCalled();
    expect(attach).not.toHaveBeenCalled();
  });

  it.each(['PENDING', 'FAILED'] as const)(
    "takes a %s fee through a payment checkout for the fee's own amount, the payment attached to the fee as it starts",
    async (status) => {
      const { fake, start, attach, useCase } = setup(aFee(status));
      await expect(useCase.execute('u1', 'pr1')).resolves.toEqual({
        transactionId: 't9',
        url: 'https://checkout.test/cs_9',
      });
      expect(start).toHaveBeenCalledWith({
        payer: 'u1',
        owner: { type: 'user', id: 'u1' },
        mode: 'payment',
        lines: [
          {
            amount: { cents: 2500, currency: 'usd', name: 'Records request fee: General Hospital' },
            quantity: 1,
          },
        ],
        transaction: { purpose: 'request-fee', patient_request_id: 'pr1' },
        started: expect.any(Function),
      });
      expect(attach).toHaveBeenCalledWith(fake.tx, 'pr1', 't9');
      expect(fake.transactions).toBe(1);
    },
  );
});
