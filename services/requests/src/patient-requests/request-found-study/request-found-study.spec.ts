import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { custodianNotFound } from '../../requests.errors';
import type { PatientRequestRepository } from '../patient-request.repository';
import type { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';
import { foundStudyNotes, RequestFoundStudy } from './request-found-study';

const requested = (move: boolean) => ({
  patientRequestId: 'r1',
  userId: 'u1',
  personId: 'p1',
  custodianId: 'c1',
  facilityName: 'Lakeside Radiology',
  patient: { firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' },
  mrn: 'LR-1',
  study: {
    studyInstanceUid: '2.25.99',
    modality: 'MR',
    description: 'MR BRAIN W/O CONTRAST',
    studyDate: '2024-03-12',
    accessionNumber: 'A1',
  },
  move: move ? { sourceId: 'lakeside-ehr', wadoRoot: 'http://ehr.test/dicom-web' } : null,
  requestedAt: '2026-01-07T09:00:00.000Z',
});

describe('RequestFoundStudy', () => {
  const setup = (existing: boolean, submitIn = jest.fn().mockResolvedValue('r1')) => {
    const addTimelineEntry = jest.fn();
    const repo = stub<PatientRequestRepository>({
      lockForChange: jest.fn().mockResolvedValue(existing ? { id: 'r1' } : null),
      addTimelineEntry,
    });
    return {
      submitIn,
      addTimelineEntry,
      useCase: new RequestFoundStudy(stub<SubmitPatientRequest>({ submitIn }), repo),
    };
  };

  it("opens a movable study's request as 'Pending study move' with the id records gave, for imaging, and says so on its timeline", async () => {
    const fake = fakeUseCaseKit();
    const { submitIn, addTimelineEntry, useCase } = setup(false);
    await fake.kit.transaction((tx) => useCase.execute(tx, requested(true)));
    const input = submitIn.mock.calls[0][1];
    expect(input).toMatchObject({
      id: 'r1',
      status: 'Pending study move',
      docReqTypes: ['IMAGES'],
      details: expect.objectContaining({ mrn: 'LR-1', requestFiller: 'self', dateFrom: '2024-03-12' }),
      requestedStudy: {
        studyInstanceUid: '2.25.99',
        modality: 'MR',
        description: 'MR BRAIN W/O CONTRAST',
        studyDate: '2024-03-12',
      },
    });
    expect(input.notes).toBe(foundStudyNotes(requested(true)));
    expect(input.notes).toContain('accession number A1');
    expect(addTimelineEntry).toHaveBeenCalledWith(fake.tx, 'r1', {
      event: 'STUDY_MOVE_STARTED',
      at: '2026-01-07T09:00:00.000Z',
    });
  });

  it("opens a study the source cannot deliver as 'New', for the facility's inbox", async () => {
    const fake = fakeUseCaseKit();
    const { submitIn, addTimelineEntry, useCase } = setup(false);
    await fake.kit.transaction((tx) => useCase.execute(tx, requested(false)));
    expect(submitIn.mock.calls[0][1].status).toBe('New');
    expect(addTimelineEntry).not.toHaveBeenCalled();
  });

  it('does nothing for a request opened already (a replayed event), and gives up on an unknown facility', async () => {
    const fake = fakeUseCaseKit();
    const again = setup(true);
    await fake.kit.transaction((tx) => again.useCase.execute(tx, requested(true)));
    expect(again.submitIn).not.toHaveBeenCalled();
    const unknown = setup(false, jest.fn().mockRejectedValue(custodianNotFound()));
    await expect(
      fake.kit.transaction((tx) => unknown.useCase.execute(tx, requested(true))),
    ).resolves.toBeUndefined();
  });
});
