// Real facility systems for the demo, the integration and e2e tests and the benchmarks: a facility EHR
// (FHIR R4 + SMART Backend Services + its own DICOMweb) and Debian's Orthanc as a PACS. Demo and test
// tooling, not product code: plain CommonJS so every caller can require it without a build.
'use strict';
const { prepareDicomStudy } = require('./dicom-files.cjs');
const { planDemoFacilitySystems, startDemoFacilitySystems } = require('./demo.cjs');
const { startFacilityFhirServer } = require('./fhir-server.cjs');
const { ensureOrthanc, loadIntoOrthanc, orthancAvailable, startOrthanc } = require('./orthanc.cjs');
const { generateClientKeyPair } = require('./smart-auth.cjs');

module.exports = {
  ensureOrthanc,
  generateClientKeyPair,
  loadIntoOrthanc,
  orthancAvailable,
  planDemoFacilitySystems,
  prepareDicomStudy,
  startDemoFacilitySystems,
  startFacilityFhirServer,
  startOrthanc,
};
