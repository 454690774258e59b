// Debian's Orthanc with its DICOMweb plugin, as the reference the imaging benchmarks compare with. The
// logic lives in @portal/facility-systems (the demo and the tests use the same Orthanc); here it is only
// tied to the benchmarks' cleanup, so Orthanc stops and its temporary folder goes whatever happens.
'use strict';
const facility = require('@portal/facility-systems/orthanc.cjs');
const { onCleanup } = require('./lib.cjs');

/** Starts Orthanc (installing it with apt-get when missing); resolves with { proc, url, dicomWeb, close }. */
const startOrthanc = async () => {
  const orthanc = await facility.startOrthanc();
  onCleanup(orthanc.close);
  return orthanc;
};

module.exports = {
  ensureOrthanc: facility.ensureOrthanc,
  orthancVersion: facility.orthancVersion,
  startOrthanc,
};
