#!/usr/bin/env node
// A facility's web site for the embed journey: serves mfe-request-wizard/embed-sample/index.html with
// the portal's origin and the facility id (?facility=<id>) filled in.
// Alone: node e2e/embed-sample.cjs [port=8190] [portal=http://localhost:8180]
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const PAGE = path.join(__dirname, '..', 'mfe-request-wizard', 'embed-sample', 'index.html');
const escapeAttr = (s) =>
  s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]);

/** Starts the site on `port`; resolves to the server once it listens. */
const serveEmbedSample = ({ port = 8190, portal = 'http://localhost:8180' } = {}) =>
  new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://site');
      if (url.pathname !== '/' && url.pathname !== '/index.html') return void res.writeHead(404).end();
      const html = fs
        .readFileSync(PAGE, 'utf8')
        .replaceAll('{{PORTAL_ORIGIN}}', escapeAttr(new URL(portal).origin))
        .replaceAll('{{FACILITY_ID}}', escapeAttr(url.searchParams.get('facility') ?? ''));
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(html);
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

module.exports = { serveEmbedSample };

if (require.main === module) {
  const [port, portal] = process.argv.slice(2);
  serveEmbedSample({ port: Number(port) || 8190, portal }).then(() =>
    console.log(`facility site on http://localhost:${Number(port) || 8190}/?facility=<id>`),
  );
}
