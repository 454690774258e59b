import { AppReadsController } from './app-reads/app-reads.http.controller';
import { GetAppReads } from './app-reads/app-reads';
import { AppReadsRepository } from './app-reads/app-reads.repository';
import { BackupController } from './backup/backup.http.controller';
import { GetBackup } from './backup/get-backup';
import { StartBackup } from './backup/start-backup';
import { BulkExports } from './bulk-export/bulk-exports';
import { ExportRepository } from './bulk-export/export.repository';
import { ExportRunner } from './bulk-export/export-runner';
import { ExportFileController } from './bulk-export/export-file/export-file.http.controller';
import { ExportFileRead } from './bulk-export/export-file/export-file';
import { CancelExport } from './bulk-export/export-status/cancel-export';
import { ExportStatus } from './bulk-export/export-status/export-status';
import { ExportStatusController } from './bulk-export/export-status/export-status.http.controller';
import { StartExport } from './bulk-export/start-export/start-export';
import { StartExportController } from './bulk-export/start-export/start-export.http.controller';
import { GetCapabilityStatement } from './capability-statement/capability-statement';
import { CapabilityStatementController } from './capability-statement/capability-statement.http.controller';
import { PatientEverything } from './patient-everything/patient-everything';
import { PatientEverythingController } from './patient-everything/patient-everything.http.controller';
import { ReadBinary } from './read-binary/read-binary';
import { ReadBinaryController } from './read-binary/read-binary.http.controller';
import { ReadResource } from './read-resource/read-resource';
import { ReadResourceController } from './read-resource/read-resource.http.controller';
import { RefuseWrites } from './refuse-writes/refuse-writes';
import { RefuseWritesController } from './refuse-writes/refuse-writes.http.controller';
import { FhirResourceRepository } from './resources/fhir-resource.repository';
import { FhirResources } from './resources/fhir-resources';
import { SearchResources } from './search-resources/search-resources';
import { SearchResourcesController } from './search-resources/search-resources.http.controller';
import { GetSmartConfiguration } from './smart-configuration/smart-configuration';
import { SmartConfigurationController } from './smart-configuration/smart-configuration.http.controller';

/** The FHIR R4 API (issue 29): the records context registers these. */
export const FHIR_CONTROLLERS = [
  CapabilityStatementController,
  SmartConfigurationController,
  // Routes with a fixed segment before the generic {type} ones, which they would otherwise look like.
  ReadBinaryController,
  PatientEverythingController,
  StartExportController,
  ExportStatusController,
  ExportFileController,
  SearchResourcesController,
  ReadResourceController,
  RefuseWritesController,
  AppReadsController,
  BackupController,
];

export const FHIR_PROVIDERS = [
  FhirResourceRepository,
  FhirResources,
  GetCapabilityStatement,
  GetSmartConfiguration,
  ReadResource,
  ReadBinary,
  SearchResources,
  PatientEverything,
  RefuseWrites,
  ExportRepository,
  ExportRunner,
  BulkExports,
  StartExport,
  ExportStatus,
  CancelExport,
  ExportFileRead,
  AppReadsRepository,
  GetAppReads,
  GetBackup,
  StartBackup,
];
