#!/usr/bin/env node
// A small SMART on FHIR app for the connected-apps journey (and to try the portal's FHIR API by hand):
// e2e/smart-app/*.html on their own origin, with the official `fhirclient` library's browser build
// (fetched from the npm registry on first use: e2e/smart-app/fhirclient-build.cjs).
// Alone: node e2e/smart-app.cjs [port=8191], then open
//   http://127.0.0.1:8191/launch.html?iss=<portal>/api/fhir&client=<client_id from POST /api/smart/register>
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const { fhirClientBuild } = require('./smart-app/fhirclient-build.cjs');

const FILES = {
  '/launch.html': path.join(__dirname, 'smart-app', 'launch.html'),
  '/app.html': path.join(__dirname, 'smart-app', 'app.html'),
};

/** Starts the app's site on `port`; resolves to the server once it listens. */
const serveSmartApp = ({ port = 8191 } = {}) =>
  new Promise((resolve, reject) => {
    FILES['/fhir-client.js'] = fhirClientBuild();
    const server = http.createServer((req, res) => {
      const file = FILES[new URL(req.url ?? '/', 'http://app').pathname];
      if (!file) return void res.writeHead(404).end();
      const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(fs.readFileSync(file));
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

module.exports = { serveSmartApp };

if (require.main === module) {
  const port = Number(process.argv[2]) || 8191;
  serveSmartApp({ port }).then(() => console.log(`SMART app on http://127.0.0.1:${port}/launch.html`));
}
