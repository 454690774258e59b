// One webpack config for the shell (host) and every remote, so each package's config is a single call.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { constants: zlib } = require('node:zlib');
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.resolve(__dirname, '../..');
const LIBS = ['contracts', 'ui', 'api', 'session'];

/** Federation container name of a remote (mirrors `federationName` in libs/contracts). */
const federationName = (dir) => dir.replace(/-/g, '_');

const depVersion = (name) => {
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [ROOT] })).version;
  } catch {
    return false;
  }
};

/** '[name].[contenthash:8].js' once the chunk's hash exists, '[name].js' when asked before (see output.filename). */
const hashedOnceKnown = (data) =>
  data.chunk && data.chunk.contentHash && data.chunk.contentHash.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';

/**
 * A production build writes a brotli (quality 11) and a gzip copy beside each text or wasm asset, and
 * the gateway serves them as they are (@fastify/static's preCompressed). Compressed per request instead,
 * the viewer's two Cornerstone chunks (3.3 MB) cost the gateway's one thread about 160 ms of brotli on
 * every cold load, and the browser waited for it: the Imaging tab's first image waited for those chunks.
 */
const precompressed = () => {
  const common = { test: /\.(js|css|html|svg|json|wasm|txt)$/, threshold: 1024 };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
  ];
};

const REACT_ROUTER_SUBSET = path.join(__dirname, 'shared/react-router.mjs');

/**
 * Singletons shared by the host and all remotes. MUI components are not shared (decision 0011): shared
 * by subpath, a component from one build (MenuItem) met its parent from another (the Menu inside a
 * select TextField) with a different copy of their private context, and crashed. Each build bundles
 * the MUI components it uses; the theme still reaches them all through the shared emotion.
 */
const sharedModules = () => {
  const single = (name, pkg = name) => ({
    singleton: true,
    requiredVersion: `^${depVersion(pkg)}`,
    version: depVersion(pkg),
  });
  return {
    react: single('react'),
    'react/': single('react/', 'react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom/', 'react-dom'),
    // The portal's subset of react-router, shared whole (see shared/react-router.mjs, decision 0007).
    'react-router': { ...single('react-router'), import: REACT_ROUTER_SUBSET },
    '@emotion/react': single('@emotion/react'),
    '@emotion/styled': single('@emotion/styled'),
    notistack: single('notistack'),
    '@portal/session': {
      singleton: true,
      version: '1.0.0',
      requiredVersion: false,
      import: path.join(ROOT, 'libs/session/src/index.ts'),
    },
  };
};

/**
 * Cornerstone3D's decoders load their wasm with `new URL('<codec>/decodewasm', import.meta.url)` and its
 * decode worker with `new Worker(new URL(...))`: webpack emits both as files of the remote, found
 * relative to the chunk that asks (publicPath 'auto'), so they load from /remotes/mfe-viewer/ like its chunks.
 * The wasm is a plain file the codec instantiates itself, not a webpack WebAssembly module.
 */
/**
 * resolve.modules puts the root node_modules first, so a package nested under a Cornerstone package
 * (dicom-image-loader's own jpeg-lossless-decoder-js 2.x) would lose to another version at the root
 * (daikon's 1.x, which has no `Decoder` export: JPEG lossless failed to decode). Pin each to its nested copy.
 */
const cornerstoneNestedAliases = () => {
  const base = path.join(ROOT, 'node_modules/@cornerstonejs');
  const aliases = {};
  for (const pkg of fs.existsSync(base) ? fs.readdirSync(base) : []) {
    const nested = path.join(base, pkg, 'node_modules');
    if (!fs.existsSync(nested)) continue;
    for (const name of fs.readdirSync(nested)) {
      if (!name.startsWith('.') && !name.startsWith('@')) aliases[name] = path.join(nested, name);
    }
  }
  return aliases;
};

const CORNERSTONE_RULES = [
  { test: /\.wasm$/, type: 'asset/resource', generator: { filename: 'wasm/[name].[contenthash:8][ext]' } },
];

const REMOTE_DIRS = [
  'mfe-auth',
  'mfe-request-wizard',
  'mfe-records',
  'mfe-sharing',
  'mfe-viewer',
  'mfe-provider',
  'mfe-groups',
];

/** `/remotes.json` for local development: every remote on its own dev-server port. */
const devRemotes = () =>
  Object.fromEntries(
    REMOTE_DIRS.map((r) => {
      const port = require(path.join(ROOT, r, 'package.json')).config.port;
      return [
        r,
        process.env.REMOTES_BASE
          ? `${process.env.REMOTES_BASE}/remotes/${r}/remoteEntry.js`
          : `http://localhost:${port}/remoteEntry.js`,
      ];
    }),
  );

/**
 * @param {object} opts
 * @param {string} opts.dir        absolute package directory (use __dirname)
 * @param {'host'|'remote'} opts.kind
 * @param {Record<string,string>} [opts.exposes] extra exposes besides `./app` (remotes)
 * @param {object} [opts.harness]  serve-alone: { apiUrl } adds a page that mounts `./app` at `/`
 * @param {boolean} [opts.cornerstone] the remote bundles Cornerstone3D (mfe-viewer): see CORNERSTONE_RULES
 */
function createConfig({ dir, kind, exposes = {}, harness, cornerstone = false }) {
  const build = (_env = {}, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const prod = mode === 'production';
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const pkgDir = path.basename(dir);
    const isHost = kind === 'host';
    const port = Number(process.env.PORT || (pkg.config && pkg.config.port) || (isHost ? 3000 : 3001));
    const apiUrl = process.env.API_URL || 'http://localhost:8080';

    const plugins = [
      new ModuleFederationPlugin({
        name: isHost ? 'shell' : federationName(pkgDir),
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: { './app': './src/app.tsx', ...exposes } }),
        shared: sharedModules(),
        // Reuse what the shell already loaded instead of fetching an equal version from a remote.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // The snapshot plugin serves manifest-based remotes; ours are plain remoteEntry.js files.
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
    ];
    // The build's own version, shown on the remote's root element: a redeployed remote is recognisable.
    // PORTAL_FAULT=mount builds a remote that throws while mounting: the e2e proof that the shell contains it.
    plugins.push(
      new webpack.DefinePlugin({
        __PORTAL_REMOTE_VERSION__: JSON.stringify(process.env.PORTAL_REMOTE_VERSION || pkg.version),
        __PORTAL_FAULT__: JSON.stringify(process.env.PORTAL_FAULT || ''),
      }),
    );
    if (prod) plugins.push(...precompressed());
    const entry = {};
    if (isHost) {
      entry.main = './src/index.ts';
      plugins.push(
        new HtmlWebpackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' }),
      );
    } else if (harness) {
      entry.harness = path.join(__dirname, 'harness/index.js');
      plugins.push(
        new HtmlWebpackPlugin({
          templateContent: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${pkgDir} alone</title></head><body><div id="single-spa-application:${pkgDir}"></div></body></html>`,
          chunks: ['harness'],
          // Deep links (/patient/my-records/...) must still find the harness script.
          publicPath: '/',
        }),
      );
    }

    const alias = Object.fromEntries(
      LIBS.map((l) => [`@portal/${l}$`, path.join(ROOT, `libs/${l}/src/index.ts`)]),
    );
    // The package behind the shared subset: a request the share scope does not intercept.
    alias['react-router-full$'] = 'react-router';
    if (cornerstone) Object.assign(alias, cornerstoneNestedAliases());
    if (harness) {
      alias['portal-harness-app$'] = path.join(dir, 'src/app.tsx');
    }

    return {
      mode,
      context: dir,
      entry,
      target: 'web',
      devtool: prod ? false : 'eval-cheap-module-source-map',
      output: {
        // PORTAL_OUTPUT_PATH builds a copy elsewhere (the e2e test of independent deployment uses it).
        path: process.env.PORTAL_OUTPUT_PATH
          ? path.resolve(process.env.PORTAL_OUTPUT_PATH)
          : path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        // The federation runtime module resolves the entry's file name before hashes exist (only to
        // count directories), so entries get the hash only once it is known.
        filename: prod ? hashedOnceKnown : '[name].js',
        // The same for chunks: a web worker's chunk (Cornerstone's decoder) carries the federation
        // runtime too, which asks for its own file name early in the same way.
        chunkFilename: prod ? hashedOnceKnown : '[name].js',
        uniqueName: isHost ? 'shell' : federationName(pkgDir),
        // A remote's embed bundle (createEmbedConfig) is written beside it into dist/embed/.
        clean: isHost ? true : { keep: /^embed[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias,
        // Workspace packages are linked in node_modules; resolve deps from the root install.
        modules: [path.join(ROOT, 'node_modules'), 'node_modules'],
        // Cornerstone's codecs are Emscripten builds that reference Node modules on a path the browser never takes.
        ...(cornerstone ? { fallback: { fs: false, path: false, url: false } } : {}),
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                // Not the root .swcrc (CommonJS for Node): ES modules here, so webpack can tree-shake.
                swcrc: false,
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod } },
                  target: 'es2020',
                },
              },
            },
          },
          // The contracts barrel re-exports yup schemas; let unused ones be dropped from bundles.
          { test: /libs[\\/](contracts|ui|api)[\\/]src[\\/]/, sideEffects: false },
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          ...(cornerstone ? CORNERSTONE_RULES : []),
        ],
      },
      plugins,
      optimization: { minimize: prod, moduleIds: prod ? 'deterministic' : 'named' },
      performance: { hints: false },
      stats: prod ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: isHost || Boolean(harness),
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        proxy: [{ context: ['/api'], target: apiUrl, changeOrigin: true }],
        // In development the shell answers /remotes.json itself, pointing at each remote's dev server.
        setupMiddlewares: (middlewares, server) => {
          if (isHost) server.app.get('/remotes.json', (_req, res) => res.json(devRemotes()));
          return middlewares;
        },
        client: { overlay: { warnings: false, errors: true, runtimeErrors: false } },
      },
    };
  };
  build.exposes = exposes;
  build.cornerstone = cornerstone;
  return build;
}

/**
 * A stand-alone bundle of a remote for other sites (mfe-request-wizard's embed.js): one file, no
 * module federation (the host page has no shell to share with), its own React, every lazy import
 * inlined so it never has to find chunks by URL. Written to dist/embed/<name>.js, the gateway serves
 * it at /<name>.js. Reuses the remote's resolve and module rules.
 */
function createEmbedConfig({ dir, entry, name }) {
  return (env = {}, argv = {}) => {
    const base = createConfig({ dir, kind: 'remote' })(env, argv);
    const outDir = process.env.PORTAL_OUTPUT_PATH
      ? path.resolve(process.env.PORTAL_OUTPUT_PATH)
      : path.join(dir, 'dist');
    return {
      ...base,
      name,
      entry: { [name]: entry },
      // A source map for development only: the embed ships to other sites as one script.
      devtool: base.mode === 'production' ? false : 'cheap-module-source-map',
      output: {
        path: path.join(outDir, 'embed'),
        filename: '[name].js',
        publicPath: 'auto',
        uniqueName: `${federationName(path.basename(dir))}_${name}`,
        clean: true,
      },
      plugins: [
        new webpack.DefinePlugin({
          __PORTAL_REMOTE_VERSION__: JSON.stringify(
            process.env.PORTAL_REMOTE_VERSION ||
              JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version,
          ),
          __PORTAL_FAULT__: JSON.stringify(''),
          'process.env.NODE_ENV': JSON.stringify(base.mode),
        }),
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
      devServer: undefined,
    };
  };
}

module.exports = {
  createConfig,
  createEmbedConfig,
  federationName,
  sharedModules,
  devRemotes,
  REMOTE_DIRS,
  REACT_ROUTER_SUBSET,
  ROOT,
};
