#!/usr/bin/env node
// The nginx edge is checked and measured with Debian's nginx-light, installed with apt-get when
// missing (as e2e/ensure-chromium.cjs installs Chromium). Its package does not start a daemon here.
'use strict';
const { execSync } = require('node:child_process');
const fs = require('node:fs');

const CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean);

/** The nginx binary's path, installing nginx-light first when there is none. */
const ensureNginx = () => {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  console.log('nginx is missing: installing Debian nginx-light with apt-get');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  // Another engineer's apt-get may hold the lock: wait for it instead of failing.
  execSync(
    `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq -o DPkg::Lock::Timeout=300 nginx-light`,
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  const installed = CANDIDATES.find((p) => fs.existsSync(p));
  if (!installed) throw new Error('nginx-light installed but no nginx binary found');
  return installed;
};

module.exports = { ensureNginx };
if (require.main === module) console.log(ensureNginx());
