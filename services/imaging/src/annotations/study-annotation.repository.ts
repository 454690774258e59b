import { Injectable } from '@nestjs/common';
import type { SaveStudyAnnotationsInput } from '@portal/contracts';
import { type Queryable, returning } from '@portal/server-kit';

/** A study's saved set on its owner's copy: version 0 and empty lists stand for none saved. */
export type SavedAnnotations = SaveStudyAnnotationsInput;

const NONE: SavedAnnotations = { measurements: [], keyImages: [], version: 0 };

/** All SQL of study annotations (imaging.study_annotations): one whole set per owner and study. */
@Injectable()
export class StudyAnnotationRepository {
  /** The owner's set of the study, or the empty one at version 0. */
  async find(db: Queryable, owner: string, study: string): Promise<SavedAnnotations> {
    const rows: SavedAnnotations[] = await db.query(
      `SELECT measurements, key_images AS "keyImages", version FROM imaging.study_annotations
        WHERE owner_user_id = $1 AND study_instance_uid = $2`,
      [owner, study],
    );
    return rows[0] ?? NONE;
  }

  /**
   * Replaces the owner's set if it is still at `expected` (0: none saved yet), in one statement, so two
   * saves from the same version cannot both win: the new version, or null when the stored one moved on.
   */
  async replace(
    tx: Queryable,
    owner: string,
    study: string,
    expected: number,
    set: Pick<SavedAnnotations, 'measurements' | 'keyImages'>,
  ): Promise<number | null> {
    const values = [owner, study, JSON.stringify(set.measurements), JSON.stringify(set.keyImages)];
    const rows = await returning<{ version: number }>(
      tx,
      expected === 0
        ? `INSERT INTO imaging.study_annotations (owner_user_id, study_instance_uid, measurements, key_images, version)
           VALUES ($1, $2, $3::jsonb, $4::jsonb, 1) ON CONFLICT (owner_user_id, study_instance_uid) DO NOTHING RETURNING version`
        : `UPDATE imaging.study_annotations SET measurements = $3::jsonb, key_images = $4::jsonb, version = version + 1, updated_at = now()
            WHERE owner_user_id = $1 AND study_instance_uid = $2 AND version = $5 RETURNING version`,
      expected === 0 ? values : [...values, expected],
    );
    return rows[0]?.version ?? null;
  }
}
