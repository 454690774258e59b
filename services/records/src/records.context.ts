import { defineContext } from '@portal/server-kit';
import { RecordsInit1763800000000 } from './migrations/1763800000000-records-init';
import { LibraryRepository } from './library/library.repository';
import { GetStudyData } from './library/get-study-data/get-study-data';
import { GetStudyDataController } from './library/get-study-data/get-study-data.http.controller';
import { RecordPatientRequest } from './library/record-patient-request/record-patient-request';
import { RecordStoredStudy } from './library/record-stored-study/record-stored-study';
import { LibraryConsumers } from './consumers/library.consumers';

/** The records context: the patient's library of requests and studies. */
export const RecordsContext = defineContext({
  name: 'records',
  entities: [],
  migrations: [RecordsInit1763800000000],
  controllers: [GetStudyDataController],
  providers: [LibraryRepository, GetStudyData, RecordPatientRequest, RecordStoredStudy, LibraryConsumers],
});
