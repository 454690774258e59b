import type { EventPayloads } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../../custodians/custodian.repository';
import type { CustodianRow } from '../../custodians/custodian.mapper';
import type { PatientRequestRepository } from '../patient-request.repository';
import { NEW_REQUEST_STATUS, SubmitPatientRequest } from './submit-patient-request';

describe('SubmitPatientRequest', () => {
  const input = {
    userId: 'u1',
    personId: 'p1',
    custodianId: 'c1',
    patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
    docReqTypes: ['IMAGES'],
    notes: 'Knee MRI',
  };
  const setup = (custodian: Partial<CustodianRow> | null, hasRequests = false) => {
    const fake = fakeUseCaseKit();
    const insert = jest.fn();
    const addTimelineEntry = jest.fn();
    const findRow = jest.fn().mockResolvedValue(custodian);
    const useCase = new SubmitPatientRequest(
      fake.kit,
      stub<CustodianRepository>(
        { findRow, hasRequests: jest.fn().mockResolvedValue(hasRequests) },
        'custodians',
      ),
      stub<PatientRequestRepository>({ insert, addTimelineEntry }, 'requests'),
    );
    return { fake, insert, addTimelineEntry, useCase, findRow };
  };

  it('stores a New request and announces it with the facility name, audited for the patient', async () => {
    const { fake, insert, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center' });
    const id = await useCase.execute(input, testCaller('u1'));
    expect(insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ ...input, id, status: NEW_REQUEST_STATUS }),
    );
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-submitted',
        payload: expect.objectContaining({
          patientRequestId: id,
          userId: 'u1',
          custodianName: 'St. Mary Imaging Center',
          status: 'New',
          docReqTypes: ['IMAGES'],
          patient: input.patient,
        }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.submitted',
        resourceId: id,
        subjectId: 'u1',
        actorId: 'u1',
      }),
    ]);
  });

  it('announces the document requests and files with the ids of their rows, and writes SUBMITTED on the timeline', async () => {
    const { fake, insert, addTimelineEntry, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center' });
    const details = {
      custodianAliasId: null,
      requestFrom: 'PATIENT' as const,
      providerRequest: false,
      requestFiller: 'self' as const,
      relationshipType: null,
      relationship: null,
      relation: null,
      legalRelation: null,
      isFamilyMember: false,
      legallyAuthorized: false,
      familyMemberId: null,
      patientMiddleName: null,
      patientEmail: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      postcode: null,
      mrn: 'M1',
      bodyParts: ['Head'],
      dateFrom: '2024-01-01',
      dateTo: '2024-12-31',
      delegate: null,
      authorizationFormKey: 'authorization-forms/x.pdf',
    };
    const uploads = [
      {
        kind: 'govt_id' as const,
        key: 'wizard/govt_id/k1',
        fileName: 'govt_id.png',
        contentType: 'image/png',
        size: 10,
      },
    ];
    const id = await useCase.execute(
      { ...input, docReqTypes: ['IMAGES', 'REPORTS'], details, uploads },
      testCaller('u1'),
    );
    const row = insert.mock.calls[0][1];
    const payload = fake.events[0].payload as EventPayloads['requests.patient-request-submitted'];
    expect(payload.documentRequests).toEqual([
      { id: row.documentRequestIds[0], type: 'IMAGES' },
      { id: row.documentRequestIds[1], type: 'REPORTS' },
    ]);
    expect(payload).toMatchObject({ dateFrom: '2024-01-01', dateTo: '2024-12-31', bodyParts: ['Head'] });
    expect(payload.attachments).toEqual([
      {
        id,
        kind: 'authorization_form',
        key: 'authorization-forms/x.pdf',
        fileName: 'authorization-form.pdf',
        contentType: 'application/pdf',
      },
      {
        id: row.uploads[0].id,
        kind: 'govt_id',
        key: 'wizard/govt_id/k1',
        fileName: 'govt_id.png',
        contentType: 'image/png',
      },
    ]);
    expect(row.uploads[0].id).toEqual(expect.any(String));
    expect(addTimelineEntry).toHaveBeenCalledWith(expect.anything(), id, {
      event: 'SUBMITTED',
      at: row.createdAt.toISOString(),
    });
  });

  it('keeps a given id, status and date (demo data)', async () => {
    const { fake, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center' });
    const createdAt = new Date('2026-01-02T03:04:05Z');
    await expect(
      useCase.execute({ ...input, id: 'r9', status: 'Completed', createdAt }, testCaller()),
    ).resolves.toBe('r9');
    expect(fake.events[0].payload).toMatchObject({
      status: 'Completed',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('refuses an unknown facility with 404 and stores and announces nothing', async () => {
    const { fake, insert, useCase } = setup(null);
    await expect(useCase.execute(input, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Custodian not found',
    });
    expect(insert).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });

  describe('to a facility that charges a fee (issue 30)', () => {
    const charging = { id: 'c1', name: 'Pinecrest Imaging Center', request_fee_cents: 1500 };

    it("stores the request 'Pending payment' with the fee, and announces it with the fee", async () => {
      const { fake, insert, useCase } = setup(charging);
      const id = await useCase.execute(input, testCaller('u1'));
      expect(insert).toHaveBeenCalledWith(
        expect.anything(),
        expect.objectContaining({
          id,
          status: 'Pending payment',
          fee: { amountCents: 1500, currency: 'usd' },
        }),
      );
      expect(fake.events).toEqual([
        {
          type: 'requests.patient-request-submitted',
          payload: expect.objectContaining({
            patientRequestId: id,
            status: 'Pending payment',
            fee: { amountCents: 1500, currency: 'usd' },
          }),
        },
      ]);
    });

    it('announces no fee (null) for a facility that charges none', async () => {
      const { fake, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center', request_fee_cents: null });
      await useCase.execute(input, testCaller('u1'));
      expect(fake.events[0].payload).toMatchObject({ status: 'New', fee: null });
    });

    it("keeps a given status (seeded history, a study found at the facility's system) and a facility's own request free of it", async () => {
      const seeded = setup(charging);
      await seeded.useCase.execute({ ...input, status: 'Completed' }, testCaller());
      expect(seeded.fake.events[0].payload).toMatchObject({ status: 'Completed', fee: null });
      const own = setup(charging);
      const details = { providerRequest: true } as NonNullable<
        Parameters<typeof own.useCase.execute>[0]['details']
      >;
      await own.useCase.execute({ ...input, details }, testCaller());
      expect(own.fake.events[0].payload).toMatchObject({ status: 'New', fee: null });
    });

    it('sends nothing to a facility the patient named before the fee is paid', async () => {
      const { fake, useCase } = setup({
        ...charging,
        owner_user_id: 'u1',
        email: 'records@pinecrest.example',
      });
      await useCase.execute(input, testCaller('u1'));
      expect(fake.events.map((e) => e.type)).toEqual(['requests.patient-request-submitted']);
    });
  });

  describe('to a facility the patient named (issue 24)', () => {
    const named = {
      id: 'c1',
      name: 'Lakeside Imaging',
      owner_user_id: 'u1',
      email: 'records@lakeside.example',
    };

    it("looks the facility up as the requester sees it (another patient's named facility is missing), locked", async () => {
      const { findRow, useCase } = setup(named);
      await useCase.execute(input, testCaller('u1'));
      expect(findRow).toHaveBeenCalledWith(expect.anything(), 'c1', 'u1', true);
    });

    it('announces the one-time facility account with the address typed, besides the submitted request', async () => {
      const { fake, useCase } = setup(named);
      const id = await useCase.execute(input, testCaller('u1'));
      expect(fake.events.map((e) => e.type)).toEqual([
        'requests.unlisted-facility-requested',
        'requests.patient-request-submitted',
      ]);
      expect(fake.events[0].payload).toEqual({
        patientRequestId: id,
        custodianId: 'c1',
        facilityName: 'Lakeside Imaging',
        facilityEmail: 'records@lakeside.example',
        accountUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        requestedAt: expect.any(String),
      });
    });

    it('takes one request only: a second one is a 409 and stores and announces nothing', async () => {
      const { fake, insert, useCase } = setup(named, true);
      await expect(useCase.execute(input, testCaller('u1'))).rejects.toMatchObject({
        code: 'RESOURCE.CONFLICT',
      });
      expect(insert).not.toHaveBeenCalled();
      expect(fake.events).toEqual([]);
    });

    it('announces no facility account for a catalogue facility', async () => {
      const { fake, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center', owner_user_id: null });
      await useCase.execute(input, testCaller('u1'));
      expect(fake.events.map((e) => e.type)).toEqual(['requests.patient-request-submitted']);
    });
  });
});
