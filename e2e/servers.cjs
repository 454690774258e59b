// The portals the end-to-end journeys run against: each its own gateway process and fresh database.
module.exports = {
  main: { port: 8180, index: 0, env: {} },
  // enable_v2 off: the legacy route table.
  legacy: { port: 8181, index: 1, env: { FEATURE_ENABLE_V2: 'false' } },
  // Independent deployment: mfe-auth rebuilt one version ahead and served from another origin,
  // mfe-records pointing at an address where nothing answers.
  independent: {
    port: 8182,
    index: 2,
    remotePort: 8183,
    env: { REMOTE_MFE_AUTH_URL: 'http://localhost:8183/remoteEntry.js', REMOTE_MFE_RECORDS_URL: 'http://127.0.0.1:9/remoteEntry.js' },
  },
};
