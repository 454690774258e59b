// Debian's Orthanc with its DICOMweb plugin, as the reference the imaging benchmarks compare with:
// installed with apt-get when missing, started on loopback with a temporary configuration (no
// authentication, no DICOM listener in use, storage uncompressed in a temporary folder), stopped at cleanup.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { freePort, startProcess, tempDir, waitHealthy } = require('./lib.cjs');

const ORTHANC = '/usr/sbin/Orthanc';
const PLUGIN_PLACES = [
  '/usr/share/orthanc/plugins/libOrthancDicomWeb.so',
  '/usr/lib/orthanc/libOrthancDicomWeb.so',
];

const dicomWebPlugin = () =>
  PLUGIN_PLACES.find((p) => fs.existsSync(p)) ??
  (fs.existsSync('/usr/lib/orthanc')
    ? fs
        .readdirSync('/usr/lib/orthanc')
        .filter((f) => f.startsWith('libOrthancDicomWeb.so'))
        .map((f) => path.join('/usr/lib/orthanc', f))[0]
    : undefined);

/** apt-get install orthanc orthanc-dicomweb, only when one of them is missing. */
const ensureOrthanc = () => {
  if (fs.existsSync(ORTHANC) && dicomWebPlugin()) return;
  console.log('  installing orthanc and orthanc-dicomweb with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'orthanc', 'orthanc-dicomweb'], { stdio: 'inherit', env });
  if (!fs.existsSync(ORTHANC) || !dicomWebPlugin())
    throw new Error('orthanc or its DICOMweb plugin is still missing after apt-get');
};

/** The Orthanc version line, for the printed figures. */
const orthancVersion = () => execFileSync(ORTHANC, ['--version'], { encoding: 'utf8' }).split('\n')[0];

/** Starts Orthanc; resolves with { url, dicomWeb } once its REST API answers. */
const startOrthanc = async () => {
  ensureOrthanc();
  const dir = tempDir('orthanc');
  const httpPort = await freePort();
  const config = {
    Name: 'portal-bench',
    HttpPort: httpPort,
    // The DICOM listener is not used; on a port of its own so it cannot collide with a real one.
    DicomServerEnabled: false,
    DicomPort: await freePort(),
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
    StorageCompression: false,
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    // Same footing as the portal, which does not gzip DICOMweb answers.
    HttpCompressionEnabled: false,
    SaveJobs: false,
    Plugins: [dicomWebPlugin()],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: false },
  };
  const file = path.join(dir, 'orthanc.json');
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  const proc = startProcess('orthanc', [file], process.env, { command: ORTHANC });
  const url = `http://127.0.0.1:${httpPort}`;
  await waitHealthy(proc, `${url}/system`, 30_000);
  return { proc, url, dicomWeb: `${url}/dicom-web` };
};

module.exports = { ensureOrthanc, orthancVersion, startOrthanc };
