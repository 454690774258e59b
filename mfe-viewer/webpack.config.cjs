const { createConfig } = require('../libs/webpack-kit/index.cjs');

module.exports = createConfig({
  dir: __dirname,
  kind: 'remote',
  cornerstone: true,
  exposes: { './ImagingViewer': './src/ImagingViewer.tsx', './preload': './src/preload.ts' },
});
