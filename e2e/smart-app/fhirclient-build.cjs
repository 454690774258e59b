// The official `fhirclient` library's browser build (its published build/fhir-client.js) for the small
// SMART app. It is fetched from the npm registry with `npm pack` (which checks the registry's integrity
// hash) into .data/ on first use, not installed as a dependency: its Node dependencies (isomorphic-webcrypto
// pulls React Native and Expo, cross-fetch and polyfills) changed how the front-end unit tests' fetch and
// AbortController behave, and the app needs none of them.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const VERSION = '2.6.3';
const DIR = path.join(__dirname, '..', '..', '.data', `fhirclient-${VERSION}`);
const FILE = path.join(DIR, 'fhir-client.js');

/** The path of fhir-client.js, fetched once. */
const fhirClientBuild = () => {
  if (fs.existsSync(FILE)) return FILE;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fhirclient-'));
  try {
    const out = execFileSync(
      'npm',
      ['pack', `fhirclient@${VERSION}`, '--pack-destination', tmp, '--silent'],
      {
        encoding: 'utf8',
      },
    );
    const tarball = path.join(tmp, out.trim().split('\n').pop());
    execFileSync('tar', ['-xzf', tarball, '-C', tmp, 'package/build/fhir-client.js']);
    fs.mkdirSync(DIR, { recursive: true });
    fs.copyFileSync(path.join(tmp, 'package', 'build', 'fhir-client.js'), FILE);
    return FILE;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
};

module.exports = { fhirClientBuild };
