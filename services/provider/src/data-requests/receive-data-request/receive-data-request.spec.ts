import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { derivedDocumentRequestId } from '../../ids/document-request-id';
import type { DataRequestRepository } from '../data-request.repository';
import { ReceiveDataRequest } from './receive-data-request';

describe('ReceiveDataRequest', () => {
  const event = {
    patientRequestId: '6f1c3a52-9d1e-4b6f-8a11-0c2d3e4f5a6b',
    userId: 'u1',
    personId: 'p1',
    custodianId: 'c1',
    custodianName: 'St. Mary Imaging Center',
    patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
    docReqTypes: ['IMAGES', 'REPORTS'],
    status: 'New',
    createdAt: '2026-11-01T00:00:00Z',
  };

  it("keeps the event's document request ids, dates, body parts and attachments inside the consumer's transaction", async () => {
    const insert = jest.fn().mockResolvedValue(true);
    const { tx } = fakeUseCaseKit();
    const full = {
      ...event,
      mrn: 'MRN-1',
      documentRequests: [
        { id: 'd1', type: 'IMAGES' },
        { id: 'd2', type: 'REPORTS' },
      ],
      dateFrom: '2025-01-01',
      dateTo: '2025-02-01',
      bodyParts: ['Head'],
      attachments: [
        {
          id: 'a1',
          kind: 'govt_id' as const,
          key: 'wizard/govt_id/x',
          fileName: 'govt_id.png',
          contentType: 'image/png',
        },
      ],
    };
    await expect(
      new ReceiveDataRequest(stub<DataRequestRepository>({ insert }, 'dataRequests')).execute(tx, full),
    ).resolves.toBe(true);
    expect(insert).toHaveBeenCalledWith(
      tx,
      expect.objectContaining({
        id: event.patientRequestId,
        documentRequests: full.documentRequests,
        dateFrom: '2025-01-01',
        bodyParts: ['Head'],
        attachments: full.attachments,
        patient: expect.objectContaining({ mrn: 'MRN-1' }),
      }),
    );
  });

  it('derives stable document request ids (uuid-shaped) for an older event without them', async () => {
    const insert = jest.fn().mockResolvedValue(true);
    const { tx } = fakeUseCaseKit();
    await new ReceiveDataRequest(stub<DataRequestRepository>({ insert }, 'dataRequests')).execute(tx, event);
    const ids = insert.mock.calls[0][1].documentRequests;
    expect(ids).toEqual([
      { id: derivedDocumentRequestId(event.patientRequestId, 'IMAGES'), type: 'IMAGES' },
      { id: derivedDocumentRequestId(event.patientRequestId, 'REPORTS'), type: 'REPORTS' },
    ]);
    expect(ids[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0].id).not.toBe(ids[1].id);
  });

  it.each(['Pending payment', 'Pending payment clearance'])(
    'keeps a request whose fee is not paid (%s) out of the inbox (issue 30)',
    async (status) => {
      const insert = jest.fn();
      const holdUntilPaid = jest.fn().mockResolvedValue(true);
      const { tx } = fakeUseCaseKit();
      await expect(
        new ReceiveDataRequest(
          stub<DataRequestRepository>({ insert, holdUntilPaid }, 'dataRequests'),
        ).execute(tx, { ...event, status, fee: { amountCents: 1500, currency: 'usd' } }),
      ).resolves.toBe(false);
      expect(insert).not.toHaveBeenCalled();
      expect(holdUntilPaid).toHaveBeenCalledWith(
        tx,
        expect.objectContaining({ id: event.patientRequestId, custodianId: 'c1', status }),
      );
    },
  );
});
