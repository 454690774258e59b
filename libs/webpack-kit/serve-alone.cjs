#!/usr/bin/env node
// Serve one remote alone: its dev build plus a page mounting `./app` at `/`, `/api` proxied to API_URL.
// Usage: node libs/webpack-kit/serve-alone.cjs mfe-auth   (API_URL defaults to http://localhost:8080)
const path = require('node:path');
const webpack = require('webpack');
const WebpackDevServer = require('webpack-dev-server');
const { createConfig, REMOTE_DIRS, ROOT } = require('./index.cjs');

const remote = process.argv[2];
if (!REMOTE_DIRS.includes(remote)) {
  console.error(`usage: serve-alone.cjs <${REMOTE_DIRS.join('|')}>`);
  process.exit(1);
}
const dir = path.join(ROOT, remote);
const pkgConfig = require(path.join(dir, 'webpack.config.cjs'));
const exposes = pkgConfig.exposes || {};
const config = createConfig({
  dir,
  kind: 'remote',
  exposes,
  cornerstone: Boolean(pkgConfig.cornerstone),
  harness: {},
})({}, { mode: 'development' });
const server = new WebpackDevServer(config.devServer, webpack(config));
server
  .start()
  .then(() =>
    console.log(
      `${remote} alone on http://localhost:${config.devServer.port}/ (api → ${process.env.API_URL || 'http://localhost:8080'})`,
    ),
  );
