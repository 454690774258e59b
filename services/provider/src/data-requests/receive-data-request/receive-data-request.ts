import { Injectable } from '@nestjs/common';
import { type EventPayloads, isAwaitingPayment } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { derivedDocumentRequestId } from '../../ids/document-request-id';
import { DataRequestRepository, type InboxRequest } from '../data-request.repository';

type Submitted = EventPayloads['requests.patient-request-submitted'];

/** What the inbox keeps of the event; an older event without document request ids gets derived ones. */
export const toInboxRequest = (e: Submitted): InboxRequest => ({
  id: e.patientRequestId,
  custodianId: e.custodianId,
  custodianName: e.custodianName,
  patientUserId: e.userId,
  patient: {
    firstName: e.patient.firstName,
    lastName: e.patient.lastName,
    dateOfBirth: e.patient.dateOfBirth,
    mrn: e.mrn ?? null,
  },
  documentRequests: e.documentRequests?.length
    ? e.documentRequests
    : e.docReqTypes.map((type) => ({ id: derivedDocumentRequestId(e.patientRequestId, type), type })),
  dateFrom: e.dateFrom ?? null,
  dateTo: e.dateTo ?? null,
  bodyParts: e.bodyParts ?? [],
  attachments: e.attachments ?? [],
  status: e.status,
  createdAt: e.createdAt,
});

/**
 * On `requests.patient-request-submitted`: the request reaches the inbox of the facility it is addressed
 * to. Issue 30: one whose fee is not paid yet is kept out of it until it is 'New' (ApplyStatusChange).
 */
@Injectable()
export class ReceiveDataRequest {
  constructor(private readonly dataRequests: DataRequestRepository) {}

  /** Runs in the consumer's transaction, which also marks the event processed; true when the inbox has a new request. */
  async execute(tx: Tx, event: Submitted): Promise<boolean> {
    const request = toInboxRequest(event);
    if (isAwaitingPayment(request.status)) {
      await this.dataRequests.holdUntilPaid(tx, request);
      return false;
    }
    return this.dataRequests.insert(tx, request);
  }
}
