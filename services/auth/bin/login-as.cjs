#!/usr/bin/env node
// Support staff: mint a single-use, 5-minute "login as user" link (decision 0010).
//   SUPPORT_API_KEY=... node services/auth/bin/login-as.cjs <email> "<reason>" [portal URL]
// The portal must run with the same SUPPORT_API_KEY; minting and use are both audited with the reason.
'use strict';
const [email, reason, base = process.env.PUBLIC_URL || 'http://localhost:8080'] = process.argv.slice(2);
const key = process.env.SUPPORT_API_KEY;
if (!email || !reason || !key) {
  console.error('usage: SUPPORT_API_KEY=<key> node services/auth/bin/login-as.cjs <email> "<reason>" [portal URL]');
  process.exit(2);
}
fetch(new URL('/api/auth/loginAsUser', base), {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-support-key': key, 'x-csrf-token': 'cli' },
  body: JSON.stringify({ email, reason }),
})
  .then(async (res) => {
    const body = await res.json();
    if (!res.ok) throw new Error(`${res.status} ${body.message ?? ''}`);
    console.log(body.link);
  })
  .catch((e) => {
    console.error(`login-as failed: ${e.message}`);
    process.exit(1);
  });
