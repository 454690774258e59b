import { Controller, Get, Header, Param, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DicomJsonDataset } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import type { ReaderRequest } from '../../studies/study-access/study-access';
import { DICOM_JSON } from '../shared/media-types';
import { SearchDicom } from './search-dicom';

type Query = Record<string, string | string[] | undefined>;
const answersDicomJson = ApiOkResponse({ description: 'Matches in the DICOM JSON model', content: { [DICOM_JSON]: { schema: { type: 'array', items: { type: 'object' } } } } });

/**
 * QIDO-RS under /api/dicomweb. Public to the guard: the reader is the bearer user or the holder of an
 * image-viewer-token (StudyAccess), and 401 with neither.
 */
@ApiTags('dicomweb')
@Public()
@Controller('dicomweb')
export class SearchDicomController {
  constructor(private readonly searchDicom: SearchDicom) {}

  /** GET /api/dicomweb/studies: the reader's studies matching the filters. */
  @Get('studies')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  studies(@Req() req: ReaderRequest, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'studies', {}, query);
  }

  /** GET /api/dicomweb/series: series of all the reader's studies. */
  @Get('series')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  allSeries(@Req() req: ReaderRequest, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'series', {}, query);
  }

  /** GET /api/dicomweb/instances: instances of all the reader's studies. */
  @Get('instances')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  allInstances(@Req() req: ReaderRequest, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'instances', {}, query);
  }

  /** GET /api/dicomweb/studies/{study}/series. */
  @Get('studies/:study/series')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  seriesOfStudy(@Req() req: ReaderRequest, @Param('study') study: string, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'series', { study }, query);
  }

  /** GET /api/dicomweb/studies/{study}/instances. */
  @Get('studies/:study/instances')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  instancesOfStudy(@Req() req: ReaderRequest, @Param('study') study: string, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'instances', { study }, query);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances. */
  @Get('studies/:study/series/:series/instances')
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  instancesOfSeries(@Req() req: ReaderRequest, @Param('study') study: string, @Param('series') series: string, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(req, 'instances', { study, series }, query);
  }
}
