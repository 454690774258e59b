// Playwright never downloads a browser here: the tests use Debian's Chromium, installed when missing.
const { execSync } = require('node:child_process');
const fs = require('node:fs');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log('Chromium is missing: installing Debian chromium with apt-get');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
