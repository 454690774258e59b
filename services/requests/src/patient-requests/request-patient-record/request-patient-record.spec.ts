import type { BlobStore, MailService } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { RequestPatientRecordPayload } from '@portal/contracts';
import type { CustodianRepository } from '../../custodians/custodian.repository';
import { settingsRow } from '../../custodians/custodian.fixtures';
import type { CustodianSettingsRow } from '../../custodians/custodian.mapper';
import type { PatientRequestRepository } from '../patient-request.repository';
import type { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';
import { RequestPatientRecord } from './request-patient-record';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const payload = (over: Partial<RequestPatientRecordPayload> = {}): RequestPatientRecordPayload =>
  ({
    custodian_id: 'c1',
    custodianAliasId: null,
    requestFrom: 'PATIENT',
    requestFiller: 'self',
    relationshipType: null,
    relationship: null,
    relation: null,
    legalRelation: null,
    isFamilyMember: false,
    legallyAuthorized: false,
    patientFirstName: 'Pat',
    patientLastName: 'Jordan',
    patientDOB: '03/12/1984',
    mrn: 'M-1',
    docReqType: ['IMAGES'],
    bodyParts: ['left-knee'],
    dateFrom: '01/01/2025',
    dateTo: null,
    notes: '',
    idProof: { s3_bucket: '', s3_path: 'wizard/govt_id/k1', file_name: 'me.png' },
    legalDocOfAuthorization: [],
    signature: PNG,
    electronicSignatureConsent: true,
    legallyAuthorisedConsent: false,
    ...over,
  }) as RequestPatientRecordPayload;

describe('RequestPatientRecord', () => {
  const user = { sub: 'u1', personId: 'p1', email: 'patient@example.com' };
  const setup = (
    facility: CustodianSettingsRow | null = settingsRow(),
    opts: { confirm?: jest.Mock; submit?: jest.Mock; attached?: string[] } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const blobs = {
      confirmUpload: opts.confirm ?? jest.fn().mockResolvedValue({ contentType: 'image/png', size: 100 }),
      write: jest.fn().mockResolvedValue(undefined),
      remove: jest.fn().mockResolvedValue(undefined),
    };
    const send = jest.fn().mockResolvedValue(undefined);
    const submit = opts.submit ?? jest.fn().mockResolvedValue('id');
    const useCase = new RequestPatientRecord(
      fake.kit,
      stub<BlobStore>(blobs, 'blobs'),
      stub<MailService>({ send }, 'mail'),
      stub<CustodianRepository>({ findSettings: jest.fn().mockResolvedValue(facility) }, 'custodians'),
      stub<PatientRequestRepository>(
        { attachedKeys: jest.fn().mockResolvedValue(opts.attached ?? []) },
        'requests',
      ),
      stub<SubmitPatientRequest>({ execute: submit }, 'submit'),
    );
    return { blobs, send, submit, useCase };
  };

  it('stores the request with its PDF form, the govt_id upload and the body part by name, then mails the requester', async () => {
    const { blobs, send, submit, useCase } = setup();
    const answer = await useCase.execute(payload(), 'patient', user, testCaller('u1'));
    expect(answer).toEqual({
      id: expect.any(String),
      message: 'Patient request has been generated successfully',
    });
    const [key, pdf, type] = blobs.write.mock.calls[0];
    expect(key).toBe(`authorization-forms/${answer.id}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(type).toBe('application/pdf');
    expect(submit.mock.calls[0][0]).toMatchObject({
      id: answer.id,
      patient: { dateOfBirth: '1984-03-12' },
      details: {
        mrn: 'M-1',
        bodyParts: ['Left knee'],
        dateFrom: '2025-01-01',
        requestFrom: 'PATIENT',
        authorizationFormKey: key,
      },
      uploads: [{ kind: 'govt_id', key: 'wizard/govt_id/k1', fileName: 'govt_id', contentType: 'image/png' }],
    });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: 'patient@example.com' }));
  });

  it("tells the requester of a facility's fee in the confirmation: the facility starts once it is paid (issue 30)", async () => {
    const { send, useCase } = setup(
      settingsRow({ name: 'Pinecrest Imaging Center', request_fee_cents: 1500 }),
    );
    await useCase.execute(payload(), 'patient', user, testCaller('u1'));
    expect(send.mock.calls[0][0].text).toContain(
      'Pinecrest Imaging Center charges $15.00 for a records request: pay it with Pay fee under My Records, and the facility starts once it is paid.',
    );
    const none = setup();
    await none.useCase.execute(payload(), 'patient', user, testCaller('u1'));
    expect(none.send.mock.calls[0][0].text).toContain('In most cases it is processed in 2-3 days.');
    expect(none.send.mock.calls[0][0].text).not.toContain('charges');
  });

  it('marks the external variant as from the record custodian and skips MRN for a provider', async () => {
    const { submit, useCase } = setup();
    await useCase.execute(payload(), 'external', user, testCaller('u1'));
    expect(submit.mock.calls[0][0].details.requestFrom).toBe('RECORD_CUSTODIAN');
    await useCase.execute(payload({ mrn: null }), 'provider', user, testCaller('u1'));
    expect(submit.mock.calls[1][0].details).toMatchObject({ mrn: null, providerRequest: true });
  });

  it.each([
    ['an unknown facility', null, payload(), 'RESOURCE.NOT_FOUND'],
    ['no MRN where it is compulsory', settingsRow(), payload({ mrn: null }), 'REQUEST.VALIDATION_FAILED'],
    [
      'a record type the facility does not offer',
      settingsRow(),
      payload({ docReqType: ['OTHERS'] }),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'a record type the alias does not offer',
      settingsRow(),
      payload({ custodianAliasId: 'a1', docReqType: ['IMAGES'] }),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'an alias of another facility',
      settingsRow(),
      payload({ custodianAliasId: 'zz' }),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'a body part it does not offer',
      settingsRow(),
      payload({ bodyParts: ['Tail'] }),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'a key outside the wizard prefix',
      settingsRow(),
      payload({ idProof: { s3_bucket: '', s3_path: 'records/x', file_name: 'a.png' } }),
      'REQUEST.VALIDATION_FAILED',
    ],
    [
      'a legal doc under the photo prefix',
      settingsRow(),
      payload({
        legalDocOfAuthorization: [{ s3_bucket: '', s3_path: 'wizard/govt_id/k2', file_name: 'a.pdf' }],
      }),
      'REQUEST.VALIDATION_FAILED',
    ],
  ])('refuses %s and stores nothing', async (_what, facility, body, code) => {
    const { blobs, submit, useCase } = setup(facility as CustodianSettingsRow | null);
    await expect(useCase.execute(body, 'patient', user, testCaller('u1'))).rejects.toMatchObject({ code });
    expect(blobs.write).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses an upload attached to another request, and a file refused by content', async () => {
    await expect(
      setup(settingsRow(), { attached: ['wizard/govt_id/k1'] }).useCase.execute(
        payload(),
        'patient',
        user,
        testCaller(),
      ),
    ).rejects.toMatchObject({ errors: { idProof: expect.any(String) } });
    const confirm = jest
      .fn()
      .mockRejectedValue(Object.assign(new Error('Invalid file type'), { code: 'FILE.INVALID_TYPE' }));
    const { submit, useCase } = setup(settingsRow(), { confirm });
    await expect(useCase.execute(payload(), 'patient', user, testCaller())).rejects.toMatchObject({
      code: 'FILE.INVALID_TYPE',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('removes the written form when the transaction fails, and sends no mail', async () => {
    const { blobs, send, useCase } = setup(settingsRow(), {
      submit: jest.fn().mockRejectedValue(new Error('db down')),
    });
    await expect(useCase.execute(payload(), 'patient', user, testCaller())).rejects.toThrow('db down');
    expect(blobs.remove).toHaveBeenCalledWith(blobs.write.mock.calls[0][0]);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a signature that is no PNG', async () => {
    const { blobs, useCase } = setup();
    await expect(
      useCase.execute(payload({ signature: 'data:image/png;base64,AAAA' }), 'patient', user, testCaller()),
    ).rejects.toMatchObject({ errors: { signature: 'Please sign in the box' } });
    expect(blobs.write).not.toHaveBeenCalled();
  });
});
