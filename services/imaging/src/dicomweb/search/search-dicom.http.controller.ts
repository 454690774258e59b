import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, type DicomJsonDataset, DICOMWEB_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { Reader } from '../../studies/reader/reader.decorator';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DICOM_JSON } from '../shared/media-types';
import { SearchDicom } from './search-dicom';

type Query = Record<string, string | string[] | undefined>;
const answersDicomJson = ApiOkResponse({
  description: 'Matches in the DICOM JSON model',
  content: { [DICOM_JSON]: { schema: { type: 'array', items: { type: 'object' } } } },
});

/**
 * QIDO-RS under /api/dicomweb. Public to the guard: the reader is the bearer user or the holder of an
 * image-viewer-token (StudyAccess), and 401 with neither.
 */
@ApiTags('dicomweb')
@Public()
@Controller()
export class SearchDicomController {
  constructor(private readonly searchDicom: SearchDicom) {}

  /** GET /api/dicomweb/studies: the reader's studies matching the filters. */
  @Get(apiRoute(DICOMWEB_API.searchForStudies))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  studies(@Reader() reader: ImagingReader, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'studies', {}, query);
  }

  /** GET /api/dicomweb/series: series of all the reader's studies. */
  @Get(apiRoute(DICOMWEB_API.searchForSeries))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  allSeries(@Reader() reader: ImagingReader, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'series', {}, query);
  }

  /** GET /api/dicomweb/instances: instances of all the reader's studies. */
  @Get(apiRoute(DICOMWEB_API.searchForInstances))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  allInstances(@Reader() reader: ImagingReader, @Query() query: Query): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'instances', {}, query);
  }

  /** GET /api/dicomweb/studies/{study}/series. */
  @Get(apiRoute(DICOMWEB_API.searchForStudySeries, 'study'))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  seriesOfStudy(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Query() query: Query,
  ): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'series', { study }, query);
  }

  /** GET /api/dicomweb/studies/{study}/instances. */
  @Get(apiRoute(DICOMWEB_API.searchForStudyInstances, 'study'))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  instancesOfStudy(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Query() query: Query,
  ): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'instances', { study }, query);
  }

  /** GET /api/dicomweb/studies/{study}/series/{series}/instances. */
  @Get(apiRoute(DICOMWEB_API.searchForSeriesInstances, 'study', 'series'))
  @Header('content-type', DICOM_JSON)
  @answersDicomJson
  instancesOfSeries(
    @Reader() reader: ImagingReader,
    @Param('study') study: string,
    @Param('series') series: string,
    @Query() query: Query,
  ): Promise<DicomJsonDataset[]> {
    return this.searchDicom.execute(reader, 'instances', { study, series }, query);
  }
}
