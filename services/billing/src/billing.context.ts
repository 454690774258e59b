import { defineContext } from '@portal/server-kit';
import { AccountRepository } from './accounts/account.repository';
import { CustomerRepository } from './accounts/customer.repository';
import { KeepAccount } from './accounts/keep-account/keep-account';
import { BillingConsumers } from './consumers/billing.consumers';
import { BillingDemoSeed } from './demo/seed-demo';
import { CountSeats } from './group-seats/count-seats/count-seats';
import { CountSeatsJob } from './group-seats/count-seats/count-seats.job';
import { GetGroupSeats } from './group-seats/get-group-seats/get-group-seats';
import { GroupMemberRepository } from './group-seats/group-member.repository';
import { GroupSeatsController } from './group-seats/group-seats.http.controller';
import { SponsorGroup } from './group-seats/sponsor-group/sponsor-group';
import { BillingInit1767700000000 } from './migrations/1767700000000-billing-init';
import { BillingCustomerAttempts1768300000000 } from './migrations/1768300000000-billing-customer-attempts';
import { ListPlans } from './plans/list-plans/list-plans';
import { ListPlansController } from './plans/list-plans/list-plans.http.controller';
import { PAYMENT_PROCESSOR } from './processor/payment-processor';
import { StripeProcessor } from './processor/stripe-processor';
import { InvoiceRepository } from './receipts/invoice.repository';
import { ReceiptsController } from './receipts/list-receipts/list-receipts.http.controller';
import { GetRequestFeeController } from './request-fees/get-request-fee/get-request-fee.http.controller';
import { KeepRequestFee } from './request-fees/keep-request-fee/keep-request-fee';
import { RequestFeeRepository } from './request-fees/request-fee.repository';
import { StorageStanding } from './standing/storage-standing';
import { BillingMails } from './subscriptions/billing-mails';
import { ChangePlan } from './subscriptions/change-plan/change-plan';
import { ChangePlanController } from './subscriptions/change-plan/change-plan.http.controller';
import { GetSubscriptionController } from './subscriptions/get-subscription/get-subscription.http.controller';
import { OwnPlan } from './subscriptions/own-plan';
import { SetPlanEnding } from './subscriptions/set-plan-ending/set-plan-ending';
import { SetPlanEndingController } from './subscriptions/set-plan-ending/set-plan-ending.http.controller';
import { Subscribe } from './subscriptions/subscribe/subscribe';
import { SubscribeController } from './subscriptions/subscribe/subscribe.http.controller';
import { SubscriptionOverviews } from './subscriptions/subscription-overview';
import { SubscriptionRepository } from './subscriptions/subscription.repository';
import { SyncSubscription } from './subscriptions/sync-subscription/sync-subscription';
import { UpdatePaymentMethod } from './subscriptions/update-payment-method/update-payment-method';
import { UpdatePaymentMethodController } from './subscriptions/update-payment-method/update-payment-method.http.controller';
import { FinishTransaction } from './transactions/finish-transaction/finish-transaction';
import { FinishTransactionController } from './transactions/finish-transaction/finish-transaction.http.controller';
import { InitializeOneTimeCharge } from './transactions/initialize-one-time-charge/initialize-one-time-charge';
import { InitializeOneTimeChargeController } from './transactions/initialize-one-time-charge/initialize-one-time-charge.http.controller';
import { PaymentOutcomes } from './transactions/payment-outcomes';
import { CheckoutStarter } from './transactions/start-checkout';
import { TransactionRepository } from './transactions/transaction.repository';
import { ProcessedEventRepository } from './webhooks/processed-event.repository';
import { WebhookRawBody } from './webhooks/raw-body';
import { ReceiveWebhook } from './webhooks/receive-webhook/receive-webhook';
import { ReceiveWebhookController } from './webhooks/receive-webhook/receive-webhook.http.controller';

/**
 * The billing context (issue 30, decision 0031): storage plans and request fees paid through the
 * processor (Stripe, by its SDK), its webhooks applied once, dunning, group seats, and the one fact
 * the other contexts need: whether a patient's new uploads are taken.
 */
export const BillingContext = defineContext({
  name: 'billing',
  entities: [],
  migrations: [BillingInit1767700000000, BillingCustomerAttempts1768300000000],
  controllers: [
    GetSubscriptionController,
    ListPlansController,
    SubscribeController,
    ChangePlanController,
    SetPlanEndingController,
    UpdatePaymentMethodController,
    ReceiptsController,
    InitializeOneTimeChargeController,
    FinishTransactionController,
    GetRequestFeeController,
    GroupSeatsController,
    ReceiveWebhookController,
  ],
  providers: [
    { provide: PAYMENT_PROCESSOR, useClass: StripeProcessor },
    AccountRepository,
    CustomerRepository,
    SubscriptionRepository,
    InvoiceRepository,
    TransactionRepository,
    RequestFeeRepository,
    ProcessedEventRepository,
    GroupMemberRepository,
    StorageStanding,
    BillingMails,
    SyncSubscription,
    SubscriptionOverviews,
    OwnPlan,
    ListPlans,
    Subscribe,
    ChangePlan,
    SetPlanEnding,
    UpdatePaymentMethod,
    CheckoutStarter,
    PaymentOutcomes,
    InitializeOneTimeCharge,
    FinishTransaction,
    ReceiveWebhook,
    WebhookRawBody,
    KeepAccount,
    KeepRequestFee,
    GetGroupSeats,
    SponsorGroup,
    CountSeats,
    CountSeatsJob,
    BillingConsumers,
    BillingDemoSeed,
  ],
});
