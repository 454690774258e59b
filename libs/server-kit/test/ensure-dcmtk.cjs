// The imaging tests check the files we write with other people's readers: dcmtk's dcmdump reads our DICOM
// and DICOMDIR files, genisoimage's isoinfo our ISO images (the portal itself needs neither at run time):
// Debian's dcmtk and genisoimage are installed when missing, before the first test that needs them.
const { execSync } = require('node:child_process');

const has = (tool) => {
  try {
    execSync(`command -v ${tool}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const missing = [
  ['dcmdump', 'dcmtk'],
  ['genisoimage', 'genisoimage'],
]
  .filter(([tool]) => !has(tool))
  .map(([, pkg]) => pkg);
if (missing.length) {
  console.log(`${missing.join(' and ')} missing: installing Debian ${missing.join(' ')} with apt-get`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
