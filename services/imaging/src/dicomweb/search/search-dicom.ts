import { Injectable } from '@nestjs/common';
import type { DicomJsonDataset } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { InstanceSearchRepository, type SearchScope } from '../../instances/instance-search.repository';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../shared/dicomweb-reader';
import { parseQido, type QidoLevel } from './qido-query';
import { toQidoDataset } from './qido-datasets';

/** Where a search is rooted by its path: all the reader's studies, one study, or one series. */
export interface SearchPath {
  study?: string;
  series?: string;
}

/**
 * QIDO-RS (PS3.18 10.6): studies, series or instances among exactly what the reader sees (an owner's
 * instances, a viewer token's studies); a search rooted at a study answers 403/404 like any read of it.
 */
@Injectable()
export class SearchDicom {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly search: InstanceSearchRepository,
  ) {}

  async execute(
    reader: ImagingReader,
    level: QidoLevel,
    path: SearchPath,
    query: Record<string, string | string[] | undefined>,
  ): Promise<DicomJsonDataset[]> {
    const q = parseQido(query);
    const scope: SearchScope = path.study
      ? {
          owner: (await this.readers.studyOf(reader, path.study)).owner,
          studies: null,
          study: path.study,
          series: path.series,
        }
      : { ...this.readers.scopeOf(reader) };
    const rows = await this.search.search(this.kit.db, level, scope, q);
    return rows.map(toQidoDataset[level]);
  }
}
