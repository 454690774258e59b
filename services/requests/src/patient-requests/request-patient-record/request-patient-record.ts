import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type CustodianRequestFee,
  docRequestTypeName,
  formatRequestFee,
  GOVT_ID_FILE_NAME,
  MESSAGES,
  mmDdYyyyToIso,
  type RequestPatientRecordPayload,
  type SubmitPatientRequestAnswer,
  WIZARD_UPLOADS,
  type WizardUploadKind,
} from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  fieldInvalid,
  InjectContext,
  logger,
  MailService,
  type UseCaseKit,
} from '@portal/server-kit';
import {
  bodyPartNotOffered,
  custodianAliasNotFound,
  custodianNotFound,
  mrnRequired,
  recordTypeNotOffered,
  uploadKeyInvalid,
} from '../../requests.errors';
import { CustodianRepository } from '../../custodians/custodian.repository';
import {
  authorizationTemplate,
  bodyPartId,
  type CustodianSettingsRow,
  offeredBy,
  requestFeeOf,
} from '../../custodians/custodian.mapper';
import { wizardPrefix } from '../../uploads/get-upload-form/get-upload-form';
import { buildAuthorizationPdf } from '../authorization-form/authorization-pdf';
import { PatientRequestRepository, type RequestUpload } from '../patient-request.repository';
import { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';

/** patient: requestPatientRecord; external: its facility-branded variant; provider: addProviderRequest (no MRN). */
export type RequestMode = 'patient' | 'external' | 'provider';
export interface Requester {
  sub: string;
  personId: string;
  email: string;
}

const capacityOf = (p: RequestPatientRecordPayload, mode: RequestMode): string =>
  mode === 'provider'
    ? 'external provider'
    : p.requestFiller === 'self'
      ? 'the patient'
      : p.relationshipType === 'legally-appointed'
        ? `legal representative (${p.legalRelation})`
        : `family member (${p.relation || p.relationship})`;

/**
 * The wizard's request (requestPatientRecord, its external variant, addProviderRequest). The payload
 * has passed the shared schema; here come the rules that need the facility and the files: it exists,
 * MRN when compulsory, only what it (or the alias) offers, and each upload checked by its content.
 * The signed form is written first; the request, its rows, event and audit then commit together, and
 * a failed commit removes the form again, so a failure leaves no request behind.
 */
@Injectable()
export class RequestPatientRecord {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly mailer: MailService,
    private readonly custodians: CustodianRepository,
    private readonly requests: PatientRequestRepository,
    private readonly submit: SubmitPatientRequest,
  ) {}

  async execute(
    p: RequestPatientRecordPayload,
    mode: RequestMode,
    user: Requester,
    caller: Caller,
  ): Promise<SubmitPatientRequestAnswer> {
    const facility = await this.custodians.findSettings(this.kit.db, p.custodian_id, user.sub);
    if (!facility) throw custodianNotFound();
    const aliasId = p.custodianAliasId || null;
    if (aliasId && !facility.alias_settings?.some((a) => a.id === aliasId)) throw custodianAliasNotFound();
    const mrn = mode === 'provider' ? null : (p.mrn ?? null);
    if (mode !== 'provider' && facility.is_mrn_compulsory && !mrn) throw mrnRequired();
    const { docReqTypes, bodyParts } = this.offered(facility, aliasId, p);
    const uploads = await this.confirmUploads(p);

    const signaturePng = Buffer.from(p.signature.slice(p.signature.indexOf(',') + 1), 'base64');
    const id = randomUUID();
    const patientName = [p.patientFirstName, p.patientMiddleName, p.patientLastName]
      .filter(Boolean)
      .join(' ');
    const requesterName =
      p.requestFiller === 'someone_else' && p.delegate
        ? `${p.delegate.firstName} ${p.delegate.lastName}`
        : patientName;
    const pdf = await buildAuthorizationPdf({
      template: authorizationTemplate(facility.name),
      facility: {
        name: facility.name,
        address: [
          facility.primary_address,
          [facility.city, facility.state, facility.postcode].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', '),
      },
      patient: { name: patientName, dateOfBirth: p.patientDOB, mrn },
      requester: {
        name: requesterName,
        email: p.delegate?.email ?? user.email,
        capacity: capacityOf(p, mode),
      },
      recordTypes: docReqTypes.map(docRequestTypeName),
      signaturePng,
      signedAt: new Date(),
    }).catch(() => {
      // The schema checked the data URL's form; bytes that are no PNG end here.
      throw fieldInvalid('signature', MESSAGES.signatureRequired);
    });
    const formKey = `authorization-forms/${id}.pdf`;
    await this.blobs.write(formKey, pdf, 'application/pdf');
    try {
      await this.submit.execute(
        {
          id,
          userId: user.sub,
          personId: user.personId,
          custodianId: facility.id,
          patient: {
            firstName: p.patientFirstName,
            lastName: p.patientLastName,
            dateOfBirth: mmDdYyyyToIso(p.patientDOB),
          },
          docReqTypes,
          notes: p.notes,
          details: {
            custodianAliasId: aliasId,
            requestFrom:
              mode === 'external' ? 'RECORD_CUSTODIAN' : (p.requestFrom as 'PATIENT' | 'RECORD_CUSTODIAN'),
            providerRequest: mode === 'provider',
            requestFiller: p.requestFiller as 'self' | 'someone_else',
            relationshipType: (p.relationshipType ?? null) as 'family-member' | 'legally-appointed' | null,
            relationship: p.relationship ?? null,
            relation: p.relation ?? null,
            legalRelation: p.legalRelation ?? null,
            isFamilyMember: p.isFamilyMember,
            legallyAuthorized: p.legallyAuthorized,
            familyMemberId: p.familyMemberId ?? null,
            patientMiddleName: p.patientMiddleName ?? null,
            patientEmail: p.patientEmail ?? null,
            phone: p.phone ?? null,
            address: p.address ?? null,
            city: p.city ?? null,
            state: p.state ?? null,
            postcode: p.postcode ?? null,
            mrn,
            bodyParts,
            dateFrom: p.dateFrom ? mmDdYyyyToIso(p.dateFrom) : null,
            dateTo: p.dateTo ? mmDdYyyyToIso(p.dateTo) : null,
            delegate: p.requestFiller === 'someone_else' && p.delegate ? p.delegate : null,
            authorizationFormKey: formKey,
          },
          uploads,
        },
        caller,
      );
    } catch (err) {
      await this.blobs
        .remove(formKey)
        .catch((e: Error) =>
          logger.warn({ err: e.message }, 'authorization form left orphaned after a failed request'),
        );
      throw err;
    }
    const fee = mode === 'provider' ? null : requestFeeOf(facility);
    await this.confirm(user.email, facility.name, patientName, fee);
    return { id, message: MESSAGES.requestGenerated };
  }

  /** The record types (once each) and body parts (by id or name, stored by name) the facility offers. */
  private offered(
    facility: CustodianSettingsRow,
    aliasId: string | null,
    p: RequestPatientRecordPayload,
  ): { docReqTypes: string[]; bodyParts: string[] } {
    const offer = offeredBy(facility, aliasId);
    const docReqTypes = [...new Set(p.docReqType as string[])];
    for (const t of docReqTypes) if (!(offer.docTypes as string[]).includes(t)) throw recordTypeNotOffered(t);
    const bodyParts = [...new Set((p.bodyParts ?? []) as string[])].map((given) => {
      const name = offer.bodyParts.find((n) => bodyPartId(n) === bodyPartId(given));
      if (!name) throw bodyPartNotOffered(given);
      return name;
    });
    return { docReqTypes, bodyParts };
  }

  /**
   * Each file: handed out by the wizard's form for its kind, attached to no other request, and its
   * bytes of an allowed type and size (a renamed text file or a fake image is refused and deleted).
   */
  private async confirmUploads(p: RequestPatientRecordPayload): Promise<RequestUpload[]> {
    const wanted: Array<{ kind: WizardUploadKind; key: string; fileName: string; field: string }> = [
      { kind: 'govt_id', key: p.idProof.s3_path, fileName: GOVT_ID_FILE_NAME, field: 'idProof' },
      ...(p.legalDocOfAuthorization ?? []).map((d) => ({
        kind: 'legal_doc' as const,
        key: d.s3_path,
        fileName: d.file_name,
        field: 'legalDocOfAuthorization',
      })),
    ];
    for (const w of wanted)
      if (!w.key.startsWith(`${wizardPrefix(w.kind)}/`) || w.key.includes('..'))
        throw uploadKeyInvalid(w.field);
    if (new Set(wanted.map((w) => w.key)).size !== wanted.length)
      throw uploadKeyInvalid('legalDocOfAuthorization');
    const attached = await this.requests.attachedKeys(
      this.kit.db,
      wanted.map((w) => w.key),
    );
    if (attached.length) throw uploadKeyInvalid(wanted.find((w) => attached.includes(w.key))!.field);
    const out: RequestUpload[] = [];
    for (const w of wanted) {
      const rules = WIZARD_UPLOADS[w.kind];
      const { contentType, size } = await this.blobs.confirmUpload(w.key, {
        contentTypes: [...rules.contentTypes],
        maxBytes: rules.maxBytes,
      });
      out.push({ kind: w.kind, key: w.key, fileName: w.fileName, contentType, size });
    }
    return out;
  }

  /** The requester's confirmation; the request stands even when the mail server is down. */
  private async confirm(
    to: string,
    facilityName: string,
    patientName: string,
    fee: CustodianRequestFee | null,
  ): Promise<void> {
    // Issue 30: with a fee, the request waits for it (Pay fee under My Records).
    const next = fee
      ? `${facilityName} charges ${formatRequestFee(fee)} for a records request: pay it with Pay fee under My Records, and the facility starts once it is paid.`
      : 'In most cases it is processed in 2-3 days.';
    await this.mailer
      .send({
        to,
        subject: 'Your records request was submitted',
        text: `Hello,\n\nYour request for the records of ${patientName} from ${facilityName} was submitted. ${next}\n\nThe Patient Portal team\n`,
      })
      .catch((err: Error) => logger.warn({ err: err.message }, 'request confirmation mail failed'));
  }
}
