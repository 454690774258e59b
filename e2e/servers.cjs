// The portals the end-to-end journeys run against: each its own gateway process and fresh database.
module.exports = {
  // The facility site of request-embed.spec.ts (e2e/embed-sample.cjs, port 8190) calls the API through
  // the requests context's allowlist: the demo seed allows http://localhost:8190 (DEMO_EMBED_ORIGINS).
  // E2E_MAIN_PORT moves it (a machine where 8180 is taken).
  // paymentsPort: where each portal's local payment processor listens (a journey moves its test clocks).
  main: { port: Number(process.env.E2E_MAIN_PORT) || 8180, index: 0, paymentsPort: 8290, env: {} },
  // enable_v2 off: the legacy route table.
  legacy: { port: 8181, index: 1, paymentsPort: 8291, env: { FEATURE_ENABLE_V2: 'false' } },
  // Independent deployment: mfe-auth rebuilt one version ahead and served from another origin,
  // mfe-groups rebuilt to throw while mounting, mfe-records pointing where nothing answers.
  independent: {
    port: 8182,
    index: 2,
    paymentsPort: 8292,
    remotes: [
      { remote: 'mfe-auth', port: 8183, env: { PORTAL_REMOTE_VERSION: '0.2.0-ahead' } },
      { remote: 'mfe-groups', port: 8184, env: { PORTAL_FAULT: 'mount' } },
    ],
    env: {
      REMOTE_MFE_AUTH_URL: 'http://localhost:8183/remoteEntry.js',
      REMOTE_MFE_GROUPS_URL: 'http://localhost:8184/remoteEntry.js',
      REMOTE_MFE_RECORDS_URL: 'http://127.0.0.1:9/remoteEntry.js',
    },
  },
};
