// The imaging integration tests check our files with dcmtk's dcmdump: Debian's dcmtk is installed when missing.
const { execSync } = require('node:child_process');

const has = (tool) => {
  try {
    execSync(`command -v ${tool}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
if (!has('dcmdump')) {
  console.log('dcmtk is missing: installing Debian dcmtk with apt-get');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq dcmtk`, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
