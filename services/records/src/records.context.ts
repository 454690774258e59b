import { defineContext } from '@portal/server-kit';
import { RecordsInit1763800000000 } from './migrations/1763800000000-records-init';
import { StudyDataController } from './study-data.http.controller';
import { LibraryConsumers } from './library.consumers';

/** The records context: the patient's library of requests and studies. */
export const RecordsContext = defineContext({
  name: 'records',
  entities: [],
  migrations: [RecordsInit1763800000000],
  controllers: [StudyDataController],
  providers: [LibraryConsumers],
});
