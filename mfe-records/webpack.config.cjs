const { createConfig } = require('../libs/webpack-kit/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  kind: 'remote',
  exposes: { './SharedRecords': './src/shared-view/SharedRecords.tsx' },
});
