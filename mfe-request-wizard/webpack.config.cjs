const { createConfig, createEmbedConfig } = require('../libs/webpack-kit/index.cjs');

const remote = createConfig({ dir: __dirname, kind: 'remote' });
// embed.js: the external wizard on a facility's own site (src/embed/embed.tsx).
const embed = createEmbedConfig({ dir: __dirname, entry: './src/embed/embed.tsx', name: 'embed' });

// webpack-cli takes one function answering both builds; serve-alone reads `exposes` off the export.
module.exports = (env, argv) => [remote(env, argv), embed(env, argv)];
module.exports.exposes = remote.exposes;
