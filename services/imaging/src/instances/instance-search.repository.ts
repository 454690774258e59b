import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import type { QidoLevel, QidoQuery } from '../dicomweb/search/qido-query';

/** Whose instances a search covers: an owner's, limited to some studies for a viewer token. */
export interface SearchScope {
  owner: string;
  studies: string[] | null;
  /** A study (and series) named by the path of the search. */
  study?: string;
  series?: string;
}

/** A row of a QIDO-RS answer: study, series or instance attributes (missing ones null). */
export type QidoRow = Record<string, string | number | null>;

const STUDY_COLUMNS = `study_instance_uid AS study, min(patient_name) AS patient_name, min(patient_id) AS patient_id, min(patient_birth_date)::text AS birth_date,
  min(patient_sex) AS sex, min(study_date)::text AS study_date, min(study_time) AS study_time, min(accession_number) AS accession, min(study_id) AS study_id,
  min(referring_physician) AS referring, min(study_description) AS study_description`;

/** The SQL of each level: grouped for studies and series, one row per instance otherwise. */
const SELECT: Record<QidoLevel, { columns: string; group: string; order: string }> = {
  studies: {
    columns: `${STUDY_COLUMNS}, string_agg(DISTINCT modality, '\\') AS modalities, count(DISTINCT series_instance_uid)::int AS series_count, count(*)::int AS instance_count`,
    group: 'GROUP BY study_instance_uid',
    order: 'ORDER BY min(study_date) DESC NULLS LAST, study_instance_uid',
  },
  series: {
    columns: `study_instance_uid AS study, series_instance_uid AS series, min(modality) AS modality, min(series_number) AS series_number,
      min(series_description) AS series_description, min(body_part) AS body_part, count(*)::int AS instance_count`,
    group: 'GROUP BY study_instance_uid, series_instance_uid',
    order: 'ORDER BY study_instance_uid, min(series_number) NULLS LAST, series_instance_uid',
  },
  instances: {
    columns: `study_instance_uid AS study, series_instance_uid AS series, sop_instance_uid AS sop, sop_class_uid AS sop_class, instance_number,
      rows, columns, number_of_frames, transfer_syntax, modality, series_number`,
    group: '',
    order:
      'ORDER BY study_instance_uid, series_number NULLS LAST, series_instance_uid, instance_number NULLS LAST, sop_instance_uid',
  },
};

/** The SQL of QIDO-RS over imaging.instances, always within one owner's rows (and a token's studies). */
@Injectable()
export class InstanceSearchRepository {
  search(db: Queryable, level: QidoLevel, scope: SearchScope, q: QidoQuery): Promise<QidoRow[]> {
    const params: unknown[] = [scope.owner, scope.studies, scope.study ?? null, scope.series ?? null];
    const shifted = q.conditions.map((c) => c.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + params.length}`));
    const where = [
      'i.user_id = $1',
      '($2::text[] IS NULL OR i.study_instance_uid = ANY($2))',
      '($3::text IS NULL OR i.study_instance_uid = $3)',
      '($4::text IS NULL OR i.series_instance_uid = $4)',
      ...shifted,
    ];
    const s = SELECT[level];
    return db.query(
      `SELECT ${s.columns} FROM imaging.instances i WHERE ${where.join(' AND ')} ${s.group} ${s.order} LIMIT ${q.limit} OFFSET ${q.offset}`,
      [...params, ...q.params],
    );
  }
}
