import { stub } from '@portal/server-kit/testing';
import type { EventEnvelope } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import type { ActRepository } from '../act.repository';
import { KeepAct } from './keep-act';

describe('KeepAct', () => {
  it("keeps a coordinator's act for a member under the event's id (a redelivery adds nothing)", async () => {
    const insert = jest.fn();
    const event: EventEnvelope<'acting.act-recorded'> = {
      id: 'e1',
      type: 'acting.act-recorded',
      source: 'records',
      occurredAt: '2026-01-01T00:00:00.000Z',
      sequence: 9,
      payload: {
        actorId: 'c1',
        memberId: 'p1',
        groupId: 'g1',
        permission: 'UPLOAD_RECORDS',
        context: 'records',
        action: 'records.self-upload-kept',
        resourceType: 'patient-request',
        resourceId: 'r1',
        at: '2026-01-01T00:00:00.000Z',
      },
    };
    const tx = {} as Tx;
    await new KeepAct(stub<ActRepository>({ insert }, 'acts')).execute(tx, event);
    expect(insert).toHaveBeenCalledWith(tx, {
      id: 'e1',
      at: new Date('2026-01-01T00:00:00.000Z'),
      actorId: 'c1',
      memberId: 'p1',
      groupId: 'g1',
      permission: 'UPLOAD_RECORDS',
      context: 'records',
      action: 'records.self-upload-kept',
      resourceType: 'patient-request',
      resourceId: 'r1',
    });
  });
});
