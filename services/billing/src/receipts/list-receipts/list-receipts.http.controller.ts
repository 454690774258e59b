import { Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type Receipt } from '@portal/contracts';
import {
  CurrentUser,
  type CurrentUserClaims,
  InjectContext,
  Roles,
  sendFile,
  type UseCaseKit,
} from '@portal/server-kit';
import type { FastifyReply } from 'fastify';
import { AccountRepository } from '../../accounts/account.repository';
import { receiptNotFound } from '../../billing.errors';
import { InvoiceRepository } from '../invoice.repository';
import { receiptPdf } from '../receipt-pdf/receipt-pdf';

/** A receipt id that is not a uuid is a receipt not found, as another's is. */
const receiptIdParam = new ParseUUIDPipe({ exceptionFactory: receiptNotFound });

@ApiTags('subscription')
@Controller()
export class ReceiptsController {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly invoices: InvoiceRepository,
    private readonly accounts: AccountRepository,
  ) {}

  /** GET /api/subscription/receipts (the patient): their paid receipts, newest first. */
  @ApiOperation({ summary: 'Your receipts' })
  @Roles('PATIENT')
  @Get(apiRoute(BILLING_API.receipts))
  list(@CurrentUser() user: CurrentUserClaims): Promise<Receipt[]> {
    return this.invoices.receipts(this.kit.db, { type: 'user', id: user.sub });
  }

  /** GET /api/subscription/receipts/{id}/pdf (the patient): one of their receipts as a PDF; another's is not found. */
  @ApiOperation({ summary: 'A receipt as a PDF' })
  @Roles('PATIENT')
  @Get(apiRoute(BILLING_API.receiptPdf, 'id'))
  async pdf(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', receiptIdParam) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const receipt = await this.invoices.receipt(this.kit.db, { type: 'user', id: user.sub }, id);
    if (!receipt) throw receiptNotFound();
    const account = await this.accounts.find(this.kit.db, user.sub);
    const body = await receiptPdf(receipt, {
      name: account ? `${account.first_name} ${account.last_name}`.trim() : '',
      email: account?.email ?? '',
    });
    return sendFile(reply, {
      body,
      contentType: 'application/pdf',
      fileName: `receipt-${receipt.number || receipt.id}.pdf`,
      disposition: 'inline',
    });
  }
}
