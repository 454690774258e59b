// The imaging tests check the files we write with other people's readers: dcmtk's dcmdump reads our DICOM
// and DICOMDIR files, genisoimage's isoinfo our ISO images, and the Smart FHIR tests query Orthanc (the
// portal itself needs none of them at run time): Debian's packages are installed when missing, before
// the first test that needs them.
const { execSync } = require('node:child_process');
const fs = require('node:fs');

const has = (tool) => {
  try {
    execSync(`command -v ${tool}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
// Issue 28: Orthanc with its DICOMweb plugin is the real PACS the Smart FHIR tests query and move studies from.
const orthancReady = () =>
  fs.existsSync('/usr/sbin/Orthanc') &&
  ['/usr/share/orthanc/plugins', '/usr/lib/orthanc'].some(
    (dir) => fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.startsWith('libOrthancDicomWeb.so')),
  );
const missing = [
  ['dcmdump', 'dcmtk'],
  ['genisoimage', 'genisoimage'],
]
  .filter(([tool]) => !has(tool))
  .map(([, pkg]) => pkg)
  .concat(orthancReady() ? [] : ['orthanc', 'orthanc-dicomweb']);
if (missing.length) {
  console.log(`${missing.join(' and ')} missing: installing Debian ${missing.join(' ')} with apt-get`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
