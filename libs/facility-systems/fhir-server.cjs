// A small facility EHR for the demo and the tests: FHIR R4 (read and search, through Medplum's router on
// an in-memory repository), SMART Backend Services authorization, and DICOMweb for its own studies.
// Read-only and loopback by default. Its faults on demand ('invalid-fhir', 'hang') let the portal's
// client prove how it copes with a facility that misbehaves.
'use strict';
const http = require('node:http');
const { getStatus, forbidden, unauthorized } = require('@medplum/core');
const { FhirRouter } = require('@medplum/fhir-router');
const { createDicomWebHandler } = require('./dicomweb.cjs');
const { loadFacilityRecords } = require('./fhir-data.cjs');
const { OAuthError, createSmartAuthority, smartConfiguration } = require('./smart-auth.cjs');

const FHIR_BASE = '/fhir/R4';
const WADO_BASE = '/dicom-web';
const TOKEN_PATH = '/auth/token';
const MAX_FORM_BYTES = 64 * 1024;
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** Reference search parameters whose only target here is Patient: a bare id means Patient/<id>. */
const PATIENT_REFERENCES = ['patient', 'subject'];

/** What 'invalid-fhir' answers to a search: JSON, but no valid FHIR (wrong types, wrong shapes). */
const INVALID_SEARCH_ENTRY = {
  Patient: { resourceType: 'Patient', id: 'broken', name: 'nope', birthDate: 42 },
  default: { resourceType: 'ImagingStudy', id: 'broken', status: 42, series: 'nope', subject: 'Patient' },
};

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
const sendJson = (res, status, body, contentType = 'application/json', headers = {}) => {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(JSON.stringify(body));
};

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
const readForm = async (req) => {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new OAuthError(413, 'invalid_request', 'request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** @param {string} baseUrl @param {string} tokenUrl @returns {import('@medplum/fhirtypes').CapabilityStatement} */
const capabilityStatement = (baseUrl, tokenUrl) => ({
  resourceType: 'CapabilityStatement',
  status: 'active',
  date: new Date().toISOString(),
  kind: 'instance',
  implementation: { description: 'Facility EHR (demo and test tooling)', url: baseUrl },
  fhirVersion: '4.0.1',
  format: ['json'],
  rest: [
    {
      mode: 'server',
      security: {
        service: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                code: 'SMART-on-FHIR',
              },
            ],
          },
        ],
        extension: [
          {
            url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
            extension: [{ url: 'token', valueUri: tokenUrl }],
          },
        ],
      },
      resource: [
        ['Patient', ['identifier:token', 'family:string', 'given:string', 'name:string', 'birthdate:date']],
        ['ImagingStudy', ['patient:reference', 'subject:reference', 'identifier:token']],
        ['Endpoint', []],
      ].map(([type, params]) => ({
        type: /** @type {'Patient'} */ (type),
        interaction: [{ code: 'read' }, { code: 'search-type' }],
        searchParam: /** @type {string[]} */ (params).map((p) => {
          const [name, kind] = p.split(':');
          return { name, type: /** @type {'token'} */ (kind) };
        }),
        ...(type === 'ImagingStudy' ? { searchInclude: ['ImagingStudy:endpoint'] } : {}),
      })),
    },
  ],
});

/**
 * @typedef {object} FacilityFhirServerOptions
 * @property {string} [host]
 * @property {number} [port] 0: any free port
 * @property {import('./smart-auth.cjs').RegisteredClient[]} clients
 * @property {import('./fhir-data.cjs').FacilityPatient[]} patients
 * @property {import('./fhir-data.cjs').FacilityStudy[]} [studies]
 * @property {'ok' | 'invalid-fhir' | 'hang'} [behaviour]
 */

/** The server's FHIR base, token endpoint and DICOMweb root under its origin. @param {string} origin */
const fhirServerUrls = (origin) => ({
  baseUrl: `${origin}${FHIR_BASE}`,
  tokenUrl: `${origin}${TOKEN_PATH}`,
  wadoRoot: `${origin}${WADO_BASE}`,
});

/**
 * @param {FacilityFhirServerOptions} options
 * @returns {Promise<{ origin: string, baseUrl: string, tokenUrl: string, wadoRoot: string, close: () => Promise<void> }>}
 */
const startFacilityFhirServer = async (options) => {
  const { host = '127.0.0.1', port = 0, clients, patients, studies = [], behaviour = 'ok' } = options;
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const { baseUrl, tokenUrl, wadoRoot } = fhirServerUrls(origin);
  const close = async () => {
    const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
    // Hung answers ('hang') and idle keep-alive sockets would hold close() forever.
    server.closeAllConnections();
    await closed;
  };

  let records;
  try {
    records = await loadFacilityRecords({ patients, studies, wadoRoot });
  } catch (err) {
    await close();
    throw err;
  }
  const { repo, instancesByStudy } = records;
  const router = new FhirRouter();
  const authority = createSmartAuthority({ clients, tokenUrl });
  const dicomWeb = createDicomWebHandler(instancesByStudy, wadoRoot);
  const configuration = smartConfiguration(tokenUrl);

  /** @param {http.ServerResponse} res @param {import('@medplum/fhirtypes').OperationOutcome} outcome */
  const sendOutcome = (res, outcome, headers = {}) =>
    sendJson(res, getStatus(outcome), outcome, FHIR_JSON, headers);

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const handleToken = async (req, res) => {
    if (req.method !== 'POST')
      return sendJson(res, 405, { error: 'invalid_request' }, undefined, { allow: 'POST' });
    const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
    try {
      if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
        throw new OAuthError(415, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
      const form = new URLSearchParams(await readForm(req));
      sendJson(res, 200, await authority.issueToken(form), undefined, noStore);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      sendJson(res, err.status, err.body, undefined, noStore);
    }
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {URL} url */
  const handleFhir = async (req, res, url) => {
    const [type, ...rest] = url.pathname.slice(FHIR_BASE.length + 1).split('/');
    if (type === 'metadata' && !rest.length)
      return sendJson(res, 200, capabilityStatement(baseUrl, tokenUrl), FHIR_JSON);
    const access = authority.authorize(req.headers.authorization, type);
    if (!access.ok)
      return sendOutcome(res, access.status === 401 ? unauthorized : forbidden, {
        ...(access.status === 401 ? { 'www-authenticate': 'Bearer realm="facility"' } : {}),
      });
    const isSearch = rest.length === 0;
    if (isSearch && behaviour === 'hang') return; // answered never; close() cuts the socket
    if (isSearch && behaviour === 'invalid-fhir') {
      const entry = INVALID_SEARCH_ENTRY[/** @type {'Patient'} */ (type)] ?? INVALID_SEARCH_ENTRY.default;
      return sendJson(
        res,
        200,
        { resourceType: 'Bundle', type: 'searchset', total: 1, entry: [{ resource: entry }] },
        FHIR_JSON,
      );
    }
    const query = new URLSearchParams(url.search);
    for (const name of PATIENT_REFERENCES) {
      const values = query.getAll(name);
      query.delete(name);
      for (const v of values) query.append(name, v.includes('/') ? v : `Patient/${v}`);
    }
    const search = query.toString();
    const [outcome, resource] = await router.handleRequest(
      {
        method: 'GET',
        url: `/${[type, ...rest].join('/')}${search ? `?${search}` : ''}`,
        pathname: '',
        body: undefined,
        params: {},
        query: {},
      },
      repo,
    );
    if (!resource) return sendOutcome(res, outcome);
    if (resource.resourceType === 'Bundle') {
      resource.entry = (resource.entry ?? []).map((e) => ({
        fullUrl: `${baseUrl}/${e.resource?.resourceType}/${e.resource?.id}`,
        resource: e.resource,
        search: { mode: 'match' },
      }));
      // Medplum's in-memory repository ignores _include; this one include is what a client needs.
      const includeEndpoints =
        type === 'ImagingStudy' &&
        query.getAll('_include').includes('ImagingStudy:endpoint') &&
        authority.authorize(req.headers.authorization, 'Endpoint').ok;
      if (includeEndpoints) {
        const studies = /** @type {import('@medplum/fhirtypes').ImagingStudy[]} */ (
          resource.entry.map((e) => e.resource)
        );
        const refs = new Set(studies.flatMap((s) => (s.endpoint ?? []).map((r) => r.reference)));
        for (const reference of refs) {
          const endpoint = await repo.readReference({ reference }).catch(() => undefined);
          if (endpoint)
            resource.entry.push({
              fullUrl: `${baseUrl}/${reference}`,
              resource: endpoint,
              search: { mode: 'include' },
            });
        }
      }
      if (!resource.entry.length) delete resource.entry;
    }
    sendJson(res, getStatus(outcome), resource, FHIR_JSON);
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const handle = async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (
      path === '/.well-known/smart-configuration' ||
      path === `${FHIR_BASE}/.well-known/smart-configuration`
    ) {
      if (req.method !== 'GET')
        return sendJson(res, 405, { error: 'read-only' }, undefined, { allow: 'GET' });
      return sendJson(res, 200, configuration);
    }
    if (path === TOKEN_PATH) return handleToken(req, res);
    const isFhir = path.startsWith(`${FHIR_BASE}/`);
    const isWado = path.startsWith(`${WADO_BASE}/`);
    if (!isFhir && !isWado) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'GET') {
      const readOnly = isFhir
        ? {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'read-only' }],
          }
        : { error: 'read-only' };
      return sendJson(res, 405, readOnly, isFhir ? FHIR_JSON : undefined, { allow: 'GET' });
    }
    if (isFhir) return handleFhir(req, res, url);
    const access = authority.authorize(req.headers.authorization, 'ImagingStudy');
    if (!access.ok) return sendJson(res, access.status, { error: access.reason });
    return dicomWeb(path.slice(WADO_BASE.length + 1).split('/'), res);
  };

  server.on('request', (req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err?.message ?? err) });
      else res.destroy();
    });
  });
  return { origin, baseUrl, tokenUrl, wadoRoot, close };
};

module.exports = { fhirServerUrls, startFacilityFhirServer };
