import { Inject, Injectable } from '@nestjs/common';
import { type CheckoutStart, PAYMENT_RESULT_PAGE } from '@portal/contracts';
import { CONFIG, InjectContext, type PortalConfig, type Tx, type UseCaseKit } from '@portal/server-kit';
import { randomUUID } from 'node:crypto';
import { AccountRepository } from '../accounts/account.repository';
import { CustomerRepository } from '../accounts/customer.repository';
import {
  type CheckoutLine,
  type Owner,
  PAYMENT_PROCESSOR,
  type PaymentProcessor,
} from '../processor/payment-processor';
import { TransactionRepository, type TransactionRow } from './transaction.repository';

export interface CheckoutOrder {
  payer: string;
  /** Who the customer is: the payer (their storage, their fees) or a group (its seats). */
  owner: Owner;
  mode: 'subscription' | 'payment';
  lines: CheckoutLine[];
  transaction: Pick<TransactionRow, 'purpose'> &
    Partial<Pick<TransactionRow, 'plan_id' | 'patient_request_id' | 'group_id'>>;
  /** What else the start of this payment changes, in the transaction that records it. */
  started?: (tx: Tx, transactionId: string) => Promise<void>;
}

/**
 * Every payment the portal starts goes through the processor's hosted checkout: our transaction id
 * is the session's client reference and its idempotency key, and comes back on PAYMENT_RESULT_PAGE.
 * The processor is called before anything is written here, so a processor that is down leaves
 * nothing behind (an orphan session there expires by itself).
 */
@Injectable()
export class CheckoutStarter {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'publicUrl'>,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    private readonly customers: CustomerRepository,
    private readonly accounts: AccountRepository,
    private readonly transactions: TransactionRepository,
  ) {}

  /**
   * The owner's processor customer, made on first need. The attempt is written before the call, so
   * a retry after the processor answered but before the customer was kept makes no second one.
   */
  async customerOf(owner: Owner, payer: string): Promise<string> {
    const known = await this.customers.find(this.kit.db, owner);
    if (known) return known;
    const account = await this.accounts.find(this.kit.db, payer);
    const name = account ? `${account.first_name} ${account.last_name}`.trim() : '';
    const attempt = await this.customers.attempt(this.kit.db, owner);
    const created = await this.processor.createCustomer(owner, account?.email ?? '', name, attempt);
    return this.customers.keep(this.kit.db, owner, created);
  }

  async start(order: CheckoutOrder): Promise<CheckoutStart> {
    const customerId = await this.customerOf(order.owner, order.payer);
    const id = randomUUID();
    const returnUrl = new URL(`${PAYMENT_RESULT_PAGE}?transaction=${id}`, this.config.publicUrl).toString();
    const session = await this.processor.startCheckout({
      customerId,
      mode: order.mode,
      lines: order.lines,
      transactionId: id,
      metadata: {
        ownerType: order.owner.type,
        ownerId: order.owner.id,
        purpose: order.transaction.purpose,
        transactionId: id,
      },
      returnUrl,
    });
    await this.kit.transaction(async (tx) => {
      await this.transactions.insert(tx, { id, user_id: order.payer, ...order.transaction });
      await this.transactions.setSession(tx, id, session.sessionId);
      await order.started?.(tx, id);
    });
    return { transactionId: id, url: session.url };
  }
}
