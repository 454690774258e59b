import type { EventPayloads } from '@portal/contracts';
import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../../custodians/custodian.repository';
import type { CustodianRow } from '../../custodians/custodian.mapper';
import { requestInMemory } from '../../fulfilment/fulfilment.fixtures';
import { RequestStatusChanges } from '../../fulfilment/request-status';
import { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';
import { RecordFeeChange } from './record-fee-change';

type FeeChanged = EventPayloads['billing.request-fee-changed'];
const AT = '2026-01-08T09:00:00.000Z';
const fee = (status: FeeChanged['status'], version: number, patientRequestId = 'r1'): FeeChanged => ({
  patientRequestId,
  userId: 'u1',
  status,
  message: status === 'FAILED' ? 'Your payment was not successful, please try again' : null,
  version,
});

describe('RecordFeeChange', () => {
  const setup = (status = 'Pending payment', custodian: Partial<CustodianRow> = {}) => {
    const fake = fakeUseCaseKit();
    const mem = requestInMemory({ status });
    const findRow = jest.fn().mockResolvedValue({
      id: 'c1',
      name: 'Pinecrest Imaging Center',
      owner_user_id: null,
      ...custodian,
    });
    const custodians = stub<CustodianRepository>({ findRow }, 'custodians');
    const useCase = new RecordFeeChange(
      mem.repo,
      custodians,
      new RequestStatusChanges(fake.kit, mem.repo),
      new SubmitPatientRequest(fake.kit, custodians, mem.repo),
    );
    const apply = (e: FeeChanged) => fake.kit.transaction((tx) => useCase.execute(tx, e, AT));
    return { fake, ...mem, findRow, apply };
  };
  const statusEvents = (events: Array<{ type: string; payload: unknown }>) =>
    events
      .filter((e) => e.type === 'requests.patient-request-status-changed')
      .map((e) => (e.payload as { status: string }).status);

  it("follows the fee: CLEARING 'Pending payment clearance', FAILED back to 'Pending payment', PAID 'New', each announced", async () => {
    const { fake, state, apply } = setup();
    await apply(fee('CLEARING', 2));
    expect(state.request.status).toBe('Pending payment clearance');
    await apply(fee('FAILED', 3));
    expect(state.request.status).toBe('Pending payment');
    await apply(fee('CLEARING', 4));
    await apply(fee('PAID', 5));
    expect(state.request.status).toBe('New');
    expect(state.feeVersion).toBe(5);
    expect(statusEvents(fake.events)).toEqual([
      'Pending payment clearance',
      'Pending payment',
      'Pending payment clearance',
      'New',
    ]);
    expect(fake.events.at(-1)).toEqual({
      type: 'requests.patient-request-status-changed',
      payload: expect.objectContaining({ patientRequestId: 'r1', userId: 'u1', status: 'New', at: AT }),
    });
    // A catalogue facility's inbox follows the status change: nothing else is sent to it.
    expect(fake.events.map((e) => e.type)).not.toContain('requests.unlisted-facility-requested');
    expect(fake.audit.at(-1)).toMatchObject({
      action: 'requests.status-changed',
      detail: { from: 'Pending payment clearance', to: 'New' },
    });
  });

  it('changes nothing for a late older event, nor for the same event again', async () => {
    const { fake, state, apply } = setup();
    await apply(fee('PAID', 4));
    const after = fake.events.length;
    await apply(fee('CLEARING', 3));
    await apply(fee('FAILED', 2));
    await apply(fee('PAID', 4));
    expect(state.request.status).toBe('New');
    expect(state.feeVersion).toBe(4);
    expect(fake.events).toHaveLength(after);
  });

  it('never moves a request the facility has already, whatever the fee says', async () => {
    for (const status of ['New', 'Uploaded by external provider', 'Completed']) {
      const { fake, state, apply } = setup(status);
      await apply(fee('FAILED', 7));
      await apply(fee('PENDING', 8));
      expect(state.request.status).toBe(status);
      expect(fake.events).toEqual([]);
    }
  });

  it('a PENDING fee keeps a request waiting as it is (nothing announced)', async () => {
    const { fake, state, apply } = setup();
    await apply(fee('PENDING', 1));
    expect(state.request.status).toBe('Pending payment');
    expect(state.feeVersion).toBe(1);
    expect(fake.events).toEqual([]);
  });

  it('ignores a fee of a request it does not know', async () => {
    const { fake, apply } = setup();
    await apply(fee('PAID', 1, 'r-unknown'));
    expect(fake.events).toEqual([]);
  });

  it('once paid, a facility the patient named gets its one-time account, as at submission', async () => {
    const { fake, findRow, apply } = setup('Pending payment clearance', {
      name: 'Quietwater Clinic',
      owner_user_id: 'u1',
      email: 'records@quietwater.example',
    });
    await apply(fee('PAID', 2));
    expect(findRow).toHaveBeenCalledWith(expect.anything(), 'c1', 'u1');
    expect(fake.events.map((e) => e.type)).toEqual([
      'requests.patient-request-status-changed',
      'requests.unlisted-facility-requested',
    ]);
    expect(fake.events[1].payload).toEqual({
      patientRequestId: 'r1',
      custodianId: 'c1',
      facilityName: 'Quietwater Clinic',
      facilityEmail: 'records@quietwater.example',
      accountUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requestedAt: AT,
    });
  });
});
