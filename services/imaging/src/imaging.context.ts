import { defineContext } from '@portal/server-kit';
import { ImagingInit1763800000000 } from './migrations/1763800000000-imaging-init';
import { InstanceRepository } from './instances/instance.repository';
import { DicomFiles } from './instances/dicom-files';
import { StoreInstances } from './instances/store-instances/store-instances';
import { SearchStudies } from './studies/search-studies/search-studies';
import { SearchStudiesController } from './studies/search-studies/search-studies.http.controller';
import { ImagingDemoSeed } from './demo/seed-demo';
import { IngestDelivery } from './instances/ingest-delivery/ingest-delivery';
import { DeliveryConsumers } from './consumers/delivery.consumers';

/** The imaging context: DICOM instances (index + files) and DICOMweb. */
export const ImagingContext = defineContext({
  name: 'imaging',
  entities: [],
  migrations: [ImagingInit1763800000000],
  controllers: [SearchStudiesController],
  providers: [InstanceRepository, DicomFiles, StoreInstances, IngestDelivery, DeliveryConsumers, SearchStudies, ImagingDemoSeed],
});
