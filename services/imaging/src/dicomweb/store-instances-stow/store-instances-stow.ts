import { Inject, Injectable } from '@nestjs/common';
import { mediaTypeOf, type DicomJsonDataset } from '@portal/contracts';
import {
  type Caller,
  InjectContext,
  type UseCaseKit,
  STORAGE_GATE,
  type StorageGate,
} from '@portal/server-kit';
import { indexFiles } from '../../instances/dicom-index/index-files';
import { StoreInstances } from '../../instances/store-instances/store-instances';
import { badStowBody } from '../../imaging.errors';
import { DICOM } from '../shared/media-types';
import { readMultipart } from '../shared/multipart';
import { FAILURE, type StowFailure, stowResponse } from './stow-response';

/** Instances one request may carry (a 3,000-slice CT fits); more parts are a flood, not a study. */
const MAX_STOW_PARTS = 20_000;

/**
 * STOW-RS (PS3.18 10.5): the Part 10 files of a multipart/related body, stored into the caller's own
 * library (no request: patientRequestId null) like any upload: each indexed on its own, the batch
 * inserted at once, files written in parallel, each study announced to the records context. With a
 * study in the path, an instance of another study is refused.
 */
@Injectable()
export class StoreInstancesStow {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly storeInstances: StoreInstances,
    @Inject(STORAGE_GATE) private readonly storage: StorageGate,
  ) {}

  async execute(
    userId: string,
    contentType: string | undefined,
    body: Buffer,
    study: string | undefined,
    caller: Caller,
  ): Promise<{ status: number; dataset: DicomJsonDataset }> {
    // Issue 30: a lapsed storage plan pauses new uploads (decision 0031); reading what is stored never asks.
    await this.storage.assertOpen(userId);
    const { type, params } = mediaTypeOf(contentType ?? '');
    if (type !== 'multipart/related' || !params.boundary)
      throw badStowBody(
        `the body is ${type || 'untyped'}${type === 'multipart/related' ? ' without a boundary' : ''}`,
      );
    if (params.type && params.type.toLowerCase() !== DICOM)
      throw badStowBody(`parts of type ${params.type} are not stored (only Part 10 files)`);
    const parts = readMultipart(body, params.boundary);
    if (!parts?.length) throw badStowBody('no part was found between the boundaries');
    if (parts.length > MAX_STOW_PARTS) throw badStowBody(`more than ${MAX_STOW_PARTS} parts in one request`);
    const { indexed, failed } = await indexFiles(
      parts.map((p, i) => ({ name: `part ${i + 1}`, bytes: p.body })),
    );
    const failures: StowFailure[] = failed.map(() => ({ reason: FAILURE.cannotUnderstand }));
    const kept = indexed.filter((p) => {
      if (!study || p.attributes.studyInstanceUid === study) return true;
      failures.push({
        sopClassUid: p.attributes.sopClassUid,
        sopInstanceUid: p.attributes.sopInstanceUid,
        reason: FAILURE.studyMismatch,
      });
      return false;
    });
    const owner = { userId, patientRequestId: null };
    const result = await this.kit.transaction(async (tx) => {
      const stored = await this.storeInstances.store(tx, owner, kept);
      // Instances refused for want of room (the storage quota): 'Refused: Out of Resources'.
      for (const f of stored.failed) failures.push({ ...f.instance, reason: FAILURE.outOfResources });
      await this.kit.audit.record(tx, caller, {
        action: 'imaging.stow-stored',
        resourceType: 'study',
        subjectId: userId,
        detail: { studies: stored.studies, stored: stored.stored, failed: failures.length },
      });
      return stored;
    });
    return stowResponse(result.accepted, failures);
  }
}
