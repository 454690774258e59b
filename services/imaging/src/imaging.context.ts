import { ViewerLinkVersions1767100000000 } from './migrations/1767100000000-viewer-link-versions';
import { StudyMoves1767500000000 } from './migrations/1767500000000-study-moves';
import { StudyAnnotations1767900000000 } from './migrations/1767900000000-study-annotations';
import { StudyAnnotationRepository } from './annotations/study-annotation.repository';
import { GetStudyAnnotations } from './annotations/get-study-annotations/get-study-annotations';
import { GetStudyAnnotationsController } from './annotations/get-study-annotations/get-study-annotations.http.controller';
import { SaveStudyAnnotations } from './annotations/save-study-annotations/save-study-annotations';
import { SaveStudyAnnotationsController } from './annotations/save-study-annotations/save-study-annotations.http.controller';
import { StudyMoveRepository } from './study-moves/study-move.repository';
import { StudyMover } from './study-moves/study-mover';
import { StudyMoveConsumers } from './study-moves/study-moves.consumers';
import { GetStudyMove } from './study-moves/get-study-move/get-study-move';
import { GetStudyMoveController } from './study-moves/get-study-move/get-study-move.http.controller';
import { ImagingSharedAccess1766520000000 } from './migrations/1766520000000-shared-access';
import { SharedAccessConsumers } from './consumers/shared-access.consumers';
import { defineContext } from '@portal/server-kit';
import { ImagingInit1763800000000 } from './migrations/1763800000000-imaging-init';
import { ViewerLinks1766400000000 } from './migrations/1766400000000-viewer-links';
import { DicomIndex1766410000000 } from './migrations/1766410000000-dicom-index';
import { ViewerLinkRepository } from './viewer-links/viewer-link.repository';
import { ViewerLinkConsumers } from './consumers/viewer-link.consumers';
import { InstanceRepository } from './instances/instance.repository';
import { InstanceSearchRepository } from './instances/instance-search.repository';
import { InstanceReadRepository } from './instances/instance-read.repository';
import { IndexOnRead } from './instances/index-on-read';
import { DicomFiles } from './instances/dicom-files';
import { StoreInstances } from './instances/store-instances/store-instances';
import { ImagingDemoSeed } from './demo/seed-demo';
import { IngestDocuments } from './instances/ingest-documents/ingest-documents';
import { IngestConsumers } from './consumers/ingest.consumers';
import { StudyAccess } from './studies/study-access/study-access';
import { ThumbnailRenderer } from './studies/thumbnails/thumbnail-renderer';
import { GetStudyThumbnail } from './studies/get-study-thumbnail/get-study-thumbnail';
import { GetStudyThumbnailController } from './studies/get-study-thumbnail/get-study-thumbnail.http.controller';
import { DicomwebReader } from './dicomweb/shared/dicomweb-reader';
import { StowBodyParser } from './dicomweb/shared/stow-body-parser';
import { SearchDicom } from './dicomweb/search/search-dicom';
import { SearchDicomController } from './dicomweb/search/search-dicom.http.controller';
import { RetrieveMetadata } from './dicomweb/retrieve-metadata/retrieve-metadata';
import { RetrieveMetadataController } from './dicomweb/retrieve-metadata/retrieve-metadata.http.controller';
import { RetrieveFrames } from './dicomweb/retrieve-frames/retrieve-frames';
import { RetrieveFramesController } from './dicomweb/retrieve-frames/retrieve-frames.http.controller';
import { RetrieveSeriesPixelData } from './dicomweb/retrieve-series-pixel-data/retrieve-series-pixel-data';
import { RetrieveSeriesPixelDataController } from './dicomweb/retrieve-series-pixel-data/retrieve-series-pixel-data.http.controller';
import { RetrieveInstances } from './dicomweb/retrieve-instances/retrieve-instances';
import { RetrieveInstancesController } from './dicomweb/retrieve-instances/retrieve-instances.http.controller';
import { RetrieveRendered } from './dicomweb/retrieve-rendered/retrieve-rendered';
import { RetrieveRenderedController } from './dicomweb/retrieve-rendered/retrieve-rendered.http.controller';
import { StoreInstancesStow } from './dicomweb/store-instances-stow/store-instances-stow';
import { StoreInstancesStowController } from './dicomweb/store-instances-stow/store-instances-stow.http.controller';
import { DownloadArchive } from './archive/download-archive/download-archive';
import { DownloadArchiveController } from './archive/download-archive/download-archive.http.controller';
import { DownloadIso } from './archive/download-iso/download-iso';
import { DownloadIsoController } from './archive/download-iso/download-iso.http.controller';

import { GetViewerAccess } from './viewer/get-viewer-access/get-viewer-access';
import { GetViewerAccessController } from './viewer/get-viewer-access/get-viewer-access.http.controller';
import { ViewerInit } from './viewer/viewer-init/viewer-init';
import { ViewerInitController } from './viewer/viewer-init/viewer-init.http.controller';
import { GetViewerStudy } from './viewer/get-viewer-study/get-viewer-study';
import { GetViewerStudyController } from './viewer/get-viewer-study/get-viewer-study.http.controller';
import { GetInstanceImage } from './viewer/get-instance-image/get-instance-image';
import { GetInstanceImageController } from './viewer/get-instance-image/get-instance-image.http.controller';
/** The imaging context: DICOM instances (index + files), DICOMweb, Download All, study thumbnails and annotations. */
export const ImagingContext = defineContext({
  name: 'imaging',
  actingForMembers: true,
  storesUploads: true,
  entities: [],
  migrations: [
    ImagingInit1763800000000,
    ViewerLinks1766400000000,
    DicomIndex1766410000000,
    ImagingSharedAccess1766520000000,
    ViewerLinkVersions1767100000000,
    StudyMoves1767500000000,
    StudyAnnotations1767900000000,
  ],
  controllers: [
    GetStudyMoveController,
    SearchDicomController,
    RetrieveMetadataController,
    RetrieveFramesController,
    RetrieveSeriesPixelDataController,
    RetrieveRenderedController,
    RetrieveInstancesController,
    StoreInstancesStowController,
    DownloadArchiveController,
    DownloadIsoController,
    GetStudyThumbnailController,
    GetViewerAccessController,
    ViewerInitController,
    GetViewerStudyController,
    GetInstanceImageController,
    GetStudyAnnotationsController,
    SaveStudyAnnotationsController,
  ],
  providers: [
    StudyMoveRepository,
    StudyMover,
    StudyMoveConsumers,
    GetStudyMove,
    SharedAccessConsumers,
    InstanceRepository,
    InstanceSearchRepository,
    InstanceReadRepository,
    IndexOnRead,
    ViewerLinkRepository,
    ViewerLinkConsumers,
    DicomFiles,
    StoreInstances,
    IngestDocuments,
    IngestConsumers,
    StudyAccess,
    ThumbnailRenderer,
    GetStudyThumbnail,
    DicomwebReader,
    GetViewerAccess,
    ViewerInit,
    GetViewerStudy,
    GetInstanceImage,
    StowBodyParser,
    SearchDicom,
    RetrieveMetadata,
    RetrieveFrames,
    RetrieveSeriesPixelData,
    RetrieveInstances,
    RetrieveRendered,
    StoreInstancesStow,
    DownloadArchive,
    DownloadIso,
    StudyAnnotationRepository,
    GetStudyAnnotations,
    SaveStudyAnnotations,
    ImagingDemoSeed,
  ],
});
