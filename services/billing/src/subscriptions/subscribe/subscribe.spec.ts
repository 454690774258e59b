import { BILLING_MESSAGES } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CheckoutStarter } from '../../transactions/start-checkout';
import type { TransactionRepository } from '../../transactions/transaction.repository';
import type { SubscriptionRepository, SubscriptionRow } from '../subscription.repository';
import { Subscribe } from './subscribe';

const aRow = (status: string) =>
  ({ id: 'sub_1', owner_type: 'user', owner_id: 'u1', status }) as SubscriptionRow;

describe('Subscribe', () => {
  const setup = (current: SubscriptionRow | null, firstPaymentFailed = false) => {
    const fake = fakeUseCaseKit();
    const find = jest.fn().mockResolvedValue(current);
    const start = jest.fn().mockResolvedValue({ transactionId: 't1', url: 'https://checkout.test/cs_1' });
    const useCase = new Subscribe(
      fake.kit,
      stub<SubscriptionRepository>({ current: find }, 'subscriptions'),
      stub<CheckoutStarter>({ start }, 'checkout'),
      stub<TransactionRepository>(
        { failedFor: jest.fn().mockResolvedValue(firstPaymentFailed) },
        'transactions',
      ),
    );
    return { fake, find, start, useCase };
  };

  it.each(['active', 'trialing', 'past_due'])(
    'refuses a second plan while one is %s (409), starting no checkout',
    async (status) => {
      const { start, useCase } = setup(aRow(status));
      await expect(useCase.execute('u1', 'plus')).rejects.toMatchObject({
        code: 'RESOURCE.CONFLICT',
        status: 409,
        message: BILLING_MESSAGES.alreadySubscribed,
      });
      expect(start).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['no plan', null],
    ['a canceled plan', aRow('canceled')],
    ['a first payment that never settled', aRow('incomplete_expired')],
  ])("with %s, starts a subscription checkout for the plan's price, paid by the caller", async (_, row) => {
    const { fake, find, start, useCase } = setup(row);
    await expect(useCase.execute('u1', 'plus')).resolves.toEqual({
      transactionId: 't1',
      url: 'https://checkout.test/cs_1',
    });
    expect(find).toHaveBeenCalledWith(fake.kit.db, { type: 'user', id: 'u1' });
    expect(start).toHaveBeenCalledWith({
      payer: 'u1',
      owner: { type: 'user', id: 'u1' },
      mode: 'subscription',
      lines: [{ priceLookupKey: 'storage_plus_monthly', quantity: 1 }],
      transaction: { purpose: 'storage-plan', plan_id: 'plus' },
    });
  });

  it("asks for the basic plan by the basic plan's lookup key", async () => {
    const { start, useCase } = setup(null);
    await useCase.execute('u1', 'basic');
    expect(start.mock.calls[0][0]).toMatchObject({
      lines: [{ priceLookupKey: 'storage_basic_monthly', quantity: 1 }],
      transaction: { plan_id: 'basic' },
    });
  });

  it('refuses while a first payment is still settling, and allows one whose first payment failed', async () => {
    const settling = setup(aRow('incomplete'));
    await expect(settling.useCase.execute('u1', 'basic')).rejects.toMatchObject({ status: 409 });
    expect(settling.start).not.toHaveBeenCalled();
    const failed = setup(aRow('incomplete'), true);
    await failed.useCase.execute('u1', 'basic');
    expect(failed.start).toHaveBeenCalledTimes(1);
  });
});
