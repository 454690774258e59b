import { defineContext } from '@portal/server-kit';
import { RecordsInit1763800000000 } from './migrations/1763800000000-records-init';
import { LibraryRepository } from './library/library.repository';
import { GetStudyData } from './library/get-study-data/get-study-data';
import { GetStudyDataController } from './library/get-study-data/get-study-data.http.controller';
import { RecordPatientRequest } from './library/record-patient-request/record-patient-request';
import { RecordStoredStudy } from './library/record-stored-study/record-stored-study';
import { LibraryConsumers } from './consumers/library.consumers';
import { RecordsDocuments1766100000000 } from './migrations/1766100000000-records-documents';
import { FamilyMemberRepository } from './family/family-member.repository';
import { ApplyFamilyMemberEvent } from './family/apply-family-member-event/apply-family-member-event';
import { FamilyMemberConsumers } from './consumers/family-member.consumers';
import { RecordsLibrary1766300000000 } from './migrations/1766300000000-records-library';
import { RecordRequestStatus } from './library/record-request-status/record-request-status';
import { RecordDeliveredDocuments } from './library/record-delivered-documents/record-delivered-documents';
import { GetDocumentContent } from './library/get-document-content/get-document-content';
import { GetDocumentContentController } from './library/get-document-content/get-document-content.http.controller';

/** The records context: the patient's library of requests and studies. */
export const RecordsContext = defineContext({
  name: 'records',
  entities: [],
  migrations: [RecordsInit1763800000000, RecordsDocuments1766100000000, RecordsLibrary1766300000000],
  controllers: [GetStudyDataController, GetDocumentContentController],
  providers: [LibraryRepository, GetStudyData, RecordPatientRequest, RecordStoredStudy, RecordRequestStatus, RecordDeliveredDocuments, GetDocumentContent, LibraryConsumers,
    FamilyMemberRepository, ApplyFamilyMemberEvent, FamilyMemberConsumers],
});
