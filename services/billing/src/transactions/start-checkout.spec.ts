import type { PortalConfig } from '@portal/server-kit';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { AccountRepository } from '../accounts/account.repository';
import type { CustomerRepository } from '../accounts/customer.repository';
import { processorUnavailable } from '../billing.errors';
import type { CheckoutRequest, PaymentProcessor } from '../processor/payment-processor';
import { type CheckoutOrder, CheckoutStarter } from './start-checkout';
import type { TransactionRepository } from './transaction.repository';

const ATTEMPT = { key: 'a1', at: new Date('2026-11-28T10:00:00Z') };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const planOrder = (over: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  payer: 'u1',
  owner: { type: 'user', id: 'u1' },
  mode: 'subscription',
  lines: [{ priceLookupKey: 'storage_plus_monthly', quantity: 1 }],
  transaction: { purpose: 'storage-plan', plan_id: 'plus' },
  ...over,
});

describe('CheckoutStarter', () => {
  const setup = (opts: { customer?: string | null; startFails?: unknown } = {}) => {
    const fake = fakeUseCaseKit();
    const startCheckout = jest.fn(async (_r: CheckoutRequest) => {
      if (opts.startFails) throw opts.startFails;
      return { sessionId: 'cs_1', url: 'https://checkout.test/cs_1' };
    });
    const createCustomer = jest.fn().mockResolvedValue('cus_new');
    const find = jest.fn().mockResolvedValue(opts.customer === undefined ? 'cus_1' : opts.customer);
    const keep = jest.fn(async (_db, _owner, id: string) => id);
    const attempt = jest.fn().mockResolvedValue(ATTEMPT);
    const insert = jest.fn().mockResolvedValue(undefined);
    const setSession = jest.fn().mockResolvedValue(undefined);
    const account = jest.fn().mockResolvedValue({
      user_id: 'u1',
      email: 'pat@example.com',
      first_name: 'Pat',
      last_name: 'Jordan',
    });
    const starter = new CheckoutStarter(
      fake.kit,
      { publicUrl: 'https://portal.test' } as PortalConfig,
      stub<PaymentProcessor>({ startCheckout, createCustomer }, 'processor'),
      stub<CustomerRepository>({ find, keep, attempt }, 'customers'),
      stub<AccountRepository>({ find: account }, 'accounts'),
      stub<TransactionRepository>({ insert, setSession }, 'transactions'),
    );
    return { fake, startCheckout, createCustomer, find, keep, attempt, insert, setSession, account, starter };
  };

  it('writes nothing when the processor cannot start the checkout', async () => {
    const { fake, insert, setSession, starter } = setup({ startFails: processorUnavailable() });
    const started = jest.fn();
    await expect(starter.start(planOrder({ started }))).rejects.toMatchObject({
      code: 'UPSTREAM.UNAVAILABLE',
    });
    expect(insert).not.toHaveBeenCalled();
    expect(setSession).not.toHaveBeenCalled();
    expect(started).not.toHaveBeenCalled();
    expect(fake.transactions).toBe(0);
  });

  it("starts the processor's checkout under our new transaction id, then records it with its session and what else it starts, in one transaction", async () => {
    const { fake, startCheckout, insert, setSession, starter } = setup();
    const started = jest.fn().mockResolvedValue(undefined);
    const answer = await starter.start(planOrder({ started }));

    expect(answer).toEqual({ transactionId: expect.stringMatching(UUID), url: 'https://checkout.test/cs_1' });
    const id = answer.transactionId;
    expect(startCheckout).toHaveBeenCalledWith({
      customerId: 'cus_1',
      mode: 'subscription',
      lines: [{ priceLookupKey: 'storage_plus_monthly', quantity: 1 }],
      transactionId: id,
      metadata: { ownerType: 'user', ownerId: 'u1', purpose: 'storage-plan', transactionId: id },
      returnUrl: `https://portal.test/subscription/payment-result?transaction=${id}`,
    });
    expect(insert).toHaveBeenCalledWith(fake.tx, {
      id,
      user_id: 'u1',
      purpose: 'storage-plan',
      plan_id: 'plus',
    });
    expect(setSession).toHaveBeenCalledWith(fake.tx, id, 'cs_1');
    expect(started).toHaveBeenCalledWith(fake.tx, id);
    expect(fake.transactions).toBe(1);
    // The processor is asked first, the rows written after.
    expect(startCheckout.mock.invocationCallOrder[0]).toBeLessThan(insert.mock.invocationCallOrder[0]);
  });

  it('gives every checkout a transaction id of its own', async () => {
    const { starter } = setup();
    const a = await starter.start(planOrder());
    const b = await starter.start(planOrder());
    expect(a.transactionId).not.toBe(b.transactionId);
  });

  it("makes the owner's processor customer on first need, named after the payer, and keeps it", async () => {
    const { fake, createCustomer, keep, attempt, account, startCheckout, starter } = setup({
      customer: null,
    });
    await starter.start(
      planOrder({
        owner: { type: 'group', id: 'g1' },
        transaction: { purpose: 'group-seats', group_id: 'g1' },
      }),
    );
    expect(account).toHaveBeenCalledWith(fake.kit.db, 'u1');
    expect(attempt).toHaveBeenCalledWith(fake.kit.db, { type: 'group', id: 'g1' });
    expect(createCustomer).toHaveBeenCalledWith(
      { type: 'group', id: 'g1' },
      'pat@example.com',
      'Pat Jordan',
      ATTEMPT,
    );
    expect(keep).toHaveBeenCalledWith(fake.kit.db, { type: 'group', id: 'g1' }, 'cus_new');
    expect(startCheckout.mock.calls[0][0]).toMatchObject({
      customerId: 'cus_new',
      metadata: { ownerType: 'group', ownerId: 'g1', purpose: 'group-seats' },
    });
  });

  it('uses the customer the owner has already', async () => {
    const { createCustomer, starter } = setup({ customer: 'cus_1' });
    await starter.start(planOrder());
    expect(createCustomer).not.toHaveBeenCalled();
  });
});
