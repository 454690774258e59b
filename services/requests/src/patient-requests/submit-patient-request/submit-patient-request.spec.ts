import type { Custodian } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../../custodians/custodian.repository';
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
  const setup = (custodian: Partial<Custodian> | null) => {
    const fake = fakeUseCaseKit();
    const insert = jest.fn();
    const useCase = new SubmitPatientRequest(
      fake.kit,
      stub<CustodianRepository>({ findById: jest.fn().mockResolvedValue(custodian) }, 'custodians'),
      stub<PatientRequestRepository>({ insert }, 'requests'),
    );
    return { fake, insert, useCase };
  };

  it('stores a New request and announces it with the facility name, audited for the patient', async () => {
    const { fake, insert, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center' });
    const id = await useCase.execute(input, testCaller('u1'));
    expect(insert).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ ...input, id, status: NEW_REQUEST_STATUS }));
    expect(fake.events).toEqual([
      {
        type: 'requests.patient-request-submitted',
        payload: expect.objectContaining({ patientRequestId: id, userId: 'u1', custodianName: 'St. Mary Imaging Center', status: 'New', docReqTypes: ['IMAGES'], patient: input.patient }),
      },
    ]);
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'requests.submitted', resourceId: id, subjectId: 'u1', actorId: 'u1' })]);
  });

  it('keeps a given id, status and date (demo data)', async () => {
    const { fake, useCase } = setup({ id: 'c1', name: 'St. Mary Imaging Center' });
    const createdAt = new Date('2026-01-02T03:04:05Z');
    await expect(useCase.execute({ ...input, id: 'r9', status: 'Completed', createdAt }, testCaller())).resolves.toBe('r9');
    expect(fake.events[0].payload).toMatchObject({ status: 'Completed', createdAt: '2026-01-02T03:04:05.000Z' });
  });

  it('refuses an unknown facility with 404 and stores and announces nothing', async () => {
    const { fake, insert, useCase } = setup(null);
    await expect(useCase.execute(input, testCaller())).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: 'Custodian not found' });
    expect(insert).not.toHaveBeenCalled();
    expect(fake.events).toEqual([]);
    expect(fake.audit).toEqual([]);
  });
});
