#!/usr/bin/env node
// The landing page's facility search over the 20,000-facility demo catalogue: autocannon, 50
// connections for 10 s, embedded gateway on a fresh database, GET /api/facility/getCustodians with
// varied texts (names, kinds, cities, aliases, zip prefixes). Target: p99 < 30 ms.
'use strict';
const { cannon, envPort, met, result, runBench, startGateway, summarise } = require('./lib.cjs');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = 50;
const CITIES = [
  'boston',
  'denver',
  'chicago',
  'seattle',
  'miami',
  'kansas city',
  'austin',
  'portland',
  'salt lake',
  'phoenix',
  'houston',
  'atlanta',
  'tampa',
  'omaha',
  'tulsa',
];
const KINDS = [
  'imaging',
  'radiology',
  'medical',
  'diagnostic',
  'orthopedic',
  'cardiology',
  'oncology',
  'community',
  'regional',
  'family',
  'pediatric',
  'sports',
  'neurology',
];
const SUFFIXES = [
  'center',
  'clinic',
  'hospital',
  'associates',
  'institute',
  'partners',
  'group',
  'health',
  'specialists',
];
// What visitors type: every prefix of more than 3 characters of a city or kind (the page asks nothing
// shorter), a kind and a suffix, the demo facilities' names and aliases, zip prefixes.
const prefixes = (word) => Array.from({ length: word.length - 3 }, (_, i) => word.slice(0, i + 4));
const TYPED = [
  ...CITIES.flatMap(prefixes),
  ...KINDS.flatMap(prefixes),
  ...KINDS.flatMap((k) => SUFFIXES.slice(0, 3).map((s) => `${k} ${s}`)),
  'lakeside',
  'st. mary',
  'sunrise',
  'northgate',
  'east campus',
  'mri suite',
];
const search = (text, zip) => ({
  method: 'GET',
  path: `/api/facility/getCustodians?filterStr=${encodeURIComponent(text)}${zip ? `&zipCode=${zip}` : ''}`,
});
/** Texts never asked twice in a run (a city with a kind and a suffix): every one goes to PostgreSQL. */
const UNCACHED = CITIES.flatMap((c) => KINDS.flatMap((k) => SUFFIXES.map((s) => `${c} ${k} ${s}`)));

runBench('facility-search', async () => {
  const started = Date.now();
  const { url, startMs } = await startGateway('search', {
    port: await envPort('BENCH_SEARCH_PORT'),
    env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' },
  });
  console.log(
    `facility-search: gateway healthy after ${startMs} ms on a fresh database (includes migrations and the 20,000-facility seed; ${Date.now() - started} ms with the database)`,
  );
  const count = (await (await fetch(`${url}/api/facility/getCustodians?filterStr=center`)).json()).length;
  if (count === 0) throw new Error('the catalogue is empty: search found nothing');
  const requests = [...TYPED.map((t) => search(t)), search('', '021'), search('imaging', '80')];
  await cannon({ url, requests, connections: 10, duration: 2 }); // warm-up
  const s = summarise(await cannon({ url, requests, connections: CONNECTIONS, duration: DURATION }));
  const bad = s.non2xx + s.errors + s.timeouts;
  const line = (label, r, n) =>
    `facility-search: ${label}: ${CONNECTIONS} connections x ${DURATION} s, ${n} texts: ${r.rps.toFixed(0)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.total} requests${r.non2xx + r.errors + r.timeouts ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ''})`;
  console.log(line('typeahead (repeated texts answer from the 60 s cache)', s, requests.length));
  console.log(`facility-search: target p99 < 30 ms: ${met(s.p99 < 30)}`);
  // The database path alone: texts not asked before, so no answer comes from the cache.
  const cold = summarise(
    await cannon({
      url,
      requests: UNCACHED.map((t) => search(t)),
      connections: CONNECTIONS,
      amount: UNCACHED.length,
    }),
  );
  console.log(
    line('uncached (each text once, PostgreSQL trigram search)', cold, UNCACHED.length).replace(
      ` x ${DURATION} s`,
      '',
    ),
  );
  result(
    'facility-search',
    'GET getCustodians (20k facilities) p99',
    `${s.p99} ms`,
    '< 30 ms',
    met(s.p99 < 30 && !bad),
  );
  result('facility-search', 'GET getCustodians req/s', s.rps.toFixed(0), '-', 'INFO');
  result('facility-search', 'uncached search p99 (database path)', `${cold.p99} ms`, '-', 'INFO');
});
