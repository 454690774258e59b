import { defineContext } from '@portal/server-kit';
import { ImagingInit1763800000000 } from './migrations/1763800000000-imaging-init';
import { StudiesController } from './studies.http.controller';
import { DicomStore } from './dicom-store';
import { ImagingDemoSeed } from './demo/seed-demo';

/** The imaging context: DICOM instances (index + files) and DICOMweb. */
export const ImagingContext = defineContext({
  name: 'imaging',
  entities: [],
  migrations: [ImagingInit1763800000000],
  controllers: [StudiesController],
  providers: [DicomStore, ImagingDemoSeed],
});
