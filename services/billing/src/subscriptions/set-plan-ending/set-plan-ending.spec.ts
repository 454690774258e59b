import type { SubscriptionOverview } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { noPlan } from '../../billing.errors';
import type { PaymentProcessor } from '../../processor/payment-processor';
import type { OwnPlan } from '../own-plan';
import type { SubscriptionOverviews } from '../subscription-overview';
import type { SubscriptionRow } from '../subscription.repository';
import type { SyncSubscription } from '../sync-subscription/sync-subscription';
import { SetPlanEnding } from './set-plan-ending';

const overview = { active: true, state: 'active' } as SubscriptionOverview;

describe('SetPlanEnding', () => {
  const setup = (row: Partial<SubscriptionRow> | Error) => {
    const fake = fakeUseCaseKit();
    const own = jest.fn(async () => {
      if (row instanceof Error) throw row;
      return { id: 'sub_1', status: 'active', ...row } as SubscriptionRow;
    });
    const changeSubscription = jest.fn().mockResolvedValue({});
    const execute = jest.fn().mockResolvedValue(undefined);
    const of = jest.fn().mockResolvedValue(overview);
    const useCase = new SetPlanEnding(
      fake.kit,
      stub<PaymentProcessor>({ changeSubscription }, 'processor'),
      stub<OwnPlan>({ of: own }, 'own'),
      stub<SyncSubscription>({ execute }, 'sync'),
      stub<SubscriptionOverviews>({ of }, 'overviews'),
    );
    return { fake, own, changeSubscription, execute, of, useCase };
  };

  it.each([true, false])(
    'asking for cancelAtPeriodEnd=%s when it is so already calls no processor and answers the overview',
    async (cancelAtPeriodEnd) => {
      const { fake, changeSubscription, execute, of, useCase } = setup({
        cancel_at_period_end: cancelAtPeriodEnd,
      });
      await expect(useCase.execute('u1', cancelAtPeriodEnd)).resolves.toBe(overview);
      expect(changeSubscription).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
      expect(of).toHaveBeenCalledWith(fake.kit.db, 'u1');
    },
  );

  it.each([true, false])(
    'sets cancelAtPeriodEnd=%s at the processor, then syncs our copy before answering',
    async (cancelAtPeriodEnd) => {
      const { changeSubscription, execute, of, useCase } = setup({
        cancel_at_period_end: !cancelAtPeriodEnd,
      });
      await expect(useCase.execute('u1', cancelAtPeriodEnd)).resolves.toBe(overview);
      expect(changeSubscription).toHaveBeenCalledWith(
        'sub_1',
        { cancelAtPeriodEnd },
        expect.stringMatching(new RegExp(`^ending:sub_1:${cancelAtPeriodEnd}:`)),
      );
      expect(execute).toHaveBeenCalledWith('sub_1');
      expect(changeSubscription.mock.invocationCallOrder[0]).toBeLessThan(
        execute.mock.invocationCallOrder[0],
      );
      expect(execute.mock.invocationCallOrder[0]).toBeLessThan(of.mock.invocationCallOrder[0]);
    },
  );

  it('without a live plan answers no plan and calls no processor', async () => {
    const { changeSubscription, useCase } = setup(noPlan());
    await expect(useCase.execute('u1', true)).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    expect(changeSubscription).not.toHaveBeenCalled();
  });
});
