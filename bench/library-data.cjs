// The library of the grid benchmarks: a database of 1,000,000 library rows (studies and documents of
// 9,900 other users, written with generate_series straight into the records tables) in which one real
// account (registered through the API) has `patientStudies` studies in 100 requests.
'use strict';

const OTHER_USERS = 9_900;
const OTHER_REQUESTS = 99_000;
const OTHER_STUDIES = 660_000;
const OTHER_DOCUMENTS = 330_000;

const seedLibrary = async (db, { userId, personId, patientStudies, label }) => {
  const t0 = Date.now();
  // Other users' requests, studies and documents: request j belongs to user j % 9,900; study and document i to request i % 99,000.
  await db.query(
    `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, patient_first_name, patient_last_name)
     SELECT md5('r' || j)::uuid, md5('u' || (j % $1))::uuid, md5('p' || (j % $1))::uuid, md5('c' || (j % 50))::uuid, 'Facility ' || (j % 50), 'Completed',
       ARRAY['IMAGES','REPORTS'], now() - interval '400 days' + j * interval '1 minute', 'First' || (j % 97), 'Last' || (j % 89)
     FROM generate_series(0, $2 - 1) AS j`,
    [OTHER_USERS, OTHER_REQUESTS],
  );
  await db.query(
    `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances, created_at)
     SELECT gen_random_uuid(), md5('u' || (i % $1))::uuid, md5('r' || (i % $2))::uuid, '1.2.840.99.' || i, (ARRAY['CT','MR','XA','US'])[1 + i % 4], 'Study of region ' || (i % 300),
       date '2015-01-01' + (i % 3000), 1 + i % 200, now() - interval '400 days' + (i % $2) * interval '1 minute' + (i / $2) * interval '1 second'
     FROM generate_series(0, $3 - 1) AS i`,
    [OTHER_USERS, OTHER_REQUESTS, OTHER_STUDIES],
  );
  await db.query(
    `INSERT INTO records.documents (id, user_id, patient_request_id, document_request_id, document_request_type, file_name, blob_key, content_type, size, created_at)
     SELECT gen_random_uuid(), md5('u' || (i % $1))::uuid, md5('r' || (i % $2))::uuid, md5('dr' || (i % $2))::uuid, 'REPORTS', 'report-' || i || '.pdf', 'bench/' || i,
       'application/pdf', 1000 + i % 5000, now() - interval '400 days' + (i % $2) * interval '1 minute' + interval '2 hours'
     FROM generate_series(0, $3 - 1) AS i`,
    [OTHER_USERS, OTHER_REQUESTS, OTHER_DOCUMENTS],
  );
  // The patient: 100 requests of 100 studies each.
  await db.query(
    `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at, patient_first_name, patient_last_name)
     SELECT md5('pr' || k)::uuid, $1, $2, md5('c' || (k % 50))::uuid, 'Facility ' || (k % 50), 'Completed', ARRAY['IMAGES'], now() - interval '300 days' + k * interval '1 day', 'Grid', 'Bench'
     FROM generate_series(0, 99) AS k`,
    [userId, personId],
  );
  await db.query(
    `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances, created_at)
     SELECT gen_random_uuid(), $1, md5('pr' || (i % 100))::uuid, '1.2.840.77.' || i, (ARRAY['CT','MR','XA','US'])[1 + i % 4], 'Study of region ' || (i % 300),
       date '2015-01-01' + (i % 3000), 1 + i % 200, now() - interval '300 days' + (i % 100) * interval '1 day' + (i / 100) * interval '1 second'
     FROM generate_series(0, $2 - 1) AS i`,
    [userId, patientStudies],
  );
  for (const t of ['library_requests', 'studies', 'documents']) await db.query(`VACUUM ANALYZE records.${t}`);
  const [{ n }] = (
    await db.query(
      `SELECT (SELECT count(*) FROM records.studies) + (SELECT count(*) FROM records.documents) AS n`,
    )
  ).rows;
  console.log(
    `${label}: ${Number(n).toLocaleString('en')} library rows written in ${((Date.now() - t0) / 1000).toFixed(1)} s; the patient has ${patientStudies.toLocaleString('en')} studies`,
  );
};

module.exports = { seedLibrary };
