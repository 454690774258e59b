import { defineContext } from '@portal/server-kit';
import { ImagingInit1763800000000 } from './migrations/1763800000000-imaging-init';
import { ViewerLinks1766400000000 } from './migrations/1766400000000-viewer-links';
import { DicomIndex1766410000000 } from './migrations/1766410000000-dicom-index';
import { ViewerLinkRepository } from './viewer-links/viewer-link.repository';
import { ViewerLinkConsumers } from './consumers/viewer-link.consumers';
import { InstanceRepository } from './instances/instance.repository';
import { DicomFiles } from './instances/dicom-files';
import { StoreInstances } from './instances/store-instances/store-instances';
import { SearchStudies } from './studies/search-studies/search-studies';
import { SearchStudiesController } from './studies/search-studies/search-studies.http.controller';
import { ImagingDemoSeed } from './demo/seed-demo';
import { IngestDocuments } from './instances/ingest-documents/ingest-documents';
import { IngestConsumers } from './consumers/ingest.consumers';
import { StudyAccess } from './studies/study-access/study-access';
import { ThumbnailRenderer } from './studies/thumbnails/thumbnail-renderer';
import { GetStudyThumbnail } from './studies/get-study-thumbnail/get-study-thumbnail';
import { GetStudyThumbnailController } from './studies/get-study-thumbnail/get-study-thumbnail.http.controller';
// The spec's viewer calls (issue 12, part B).
import { GetViewerToken } from './viewer/get-viewer-token/get-viewer-token';
import { GetViewerTokenController } from './viewer/get-viewer-token/get-viewer-token.http.controller';
import { GetViewerInit } from './viewer/get-viewer-init/get-viewer-init';
import { GetViewerInitController } from './viewer/get-viewer-init/get-viewer-init.http.controller';
import { GetImageInterval } from './viewer/get-image-interval/get-image-interval';
import { GetImageIntervalController } from './viewer/get-image-interval/get-image-interval.http.controller';
import { GetViewerStudy } from './viewer/get-viewer-study/get-viewer-study';
import { GetViewerStudyController } from './viewer/get-viewer-study/get-viewer-study.http.controller';
import { GetInstanceImage } from './viewer/get-instance-image/get-instance-image';
import { GetInstanceImageController } from './viewer/get-instance-image/get-instance-image.http.controller';

/** The imaging context: DICOM instances (index + files), DICOMweb and study thumbnails. */
export const ImagingContext = defineContext({
  name: 'imaging',
  entities: [],
  migrations: [ImagingInit1763800000000, ViewerLinks1766400000000, DicomIndex1766410000000],
  controllers: [SearchStudiesController, GetStudyThumbnailController, GetViewerTokenController, GetViewerInitController, GetImageIntervalController, GetViewerStudyController, GetInstanceImageController],
  providers: [InstanceRepository, ViewerLinkRepository, ViewerLinkConsumers, DicomFiles, StoreInstances, IngestDocuments, IngestConsumers, SearchStudies, StudyAccess, ThumbnailRenderer, GetStudyThumbnail, ImagingDemoSeed, GetViewerToken, GetViewerInit, GetImageInterval, GetViewerStudy, GetInstanceImage],
});
