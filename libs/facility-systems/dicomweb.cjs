// The facility EHR's own minimal DICOMweb: QIDO-RS instance listing and WADO-RS retrieval of its studies.
// UIDs from the path are checked against their grammar and only ever used as keys of the in-memory
// index; files are named by the index, never by the request.
// Files are answered as stored, never transcoded, whatever the Accept header asks (each part names its
// transfer syntax): a demo facility, not a conformance target.
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');

const UID = /^[0-9.]{1,64}$/;

/**
 * @typedef {import('./fhir-data.cjs').IndexedInstance} IndexedInstance
 * @typedef {import('node:http').ServerResponse} ServerResponse
 */

/** @param {ServerResponse} res @param {number} status @param {string} message */
const sendError = (res, status, message) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: message }));
};

/**
 * @param {IndexedInstance} i
 * @param {string} wadoRoot
 */
const qidoInstance = (i, wadoRoot) => ({
  '00080016': { vr: 'UI', Value: [i.sopClassUid] },
  '00080018': { vr: 'UI', Value: [i.sopInstanceUid] },
  '0020000D': { vr: 'UI', Value: [i.studyInstanceUid] },
  '0020000E': { vr: 'UI', Value: [i.seriesInstanceUid] },
  ...(i.instanceNumber !== undefined ? { '00200013': { vr: 'IS', Value: [i.instanceNumber] } } : {}),
  '00081190': {
    vr: 'UR',
    Value: [
      `${wadoRoot}/studies/${i.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`,
    ],
  },
});

/** @param {ServerResponse} res resolves when the socket takes more, or is gone */
const drained = (res) =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve(undefined);
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Copies one file into the answer, at the pace the client reads.
 * @param {string} file
 * @param {ServerResponse} res
 */
const copyFile = async (file, res) => {
  for await (const chunk of fs.createReadStream(file)) {
    if (res.destroyed) throw new Error('the client went away');
    if (!res.write(chunk)) await drained(res);
  }
};

/**
 * Streams the files from disk as multipart/related parts, one after the other: a whole study is never
 * held in memory.
 * @param {ServerResponse} res
 * @param {IndexedInstance[]} instances
 */
const sendMultipart = async (res, instances) => {
  const boundary = `facility-${randomBytes(12).toString('hex')}`;
  res.writeHead(200, { 'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}` });
  try {
    for (const i of instances) {
      const { size } = await fs.promises.stat(i.file);
      res.write(
        `--${boundary}\r\nContent-Type: application/dicom; transfer-syntax=${i.transferSyntaxUid}\r\n` +
          `Content-Length: ${size}\r\n\r\n`,
      );
      await copyFile(i.file, res);
      res.write('\r\n');
    }
    res.end(`--${boundary}--\r\n`);
  } catch {
    // The client went away, or a file vanished after the headers were sent: all that is left is to cut.
    res.destroy();
  }
};

/**
 * @param {Map<string, IndexedInstance[]>} instancesByStudy
 * @param {string} wadoRoot
 * @returns {(segments: string[], res: ServerResponse) => Promise<void>} segments: the path after wadoRoot
 */
const createDicomWebHandler = (instancesByStudy, wadoRoot) => async (segments, res) => {
  const [studies, study, seriesWord, series, instancesWord, sop] = segments;
  const shapes = {
    study: segments.length === 2,
    studyInstances: segments.length === 3 && seriesWord === 'instances',
    series: segments.length === 4 && seriesWord === 'series',
    seriesInstances: segments.length === 5 && seriesWord === 'series' && instancesWord === 'instances',
    instance: segments.length === 6 && seriesWord === 'series' && instancesWord === 'instances',
  };
  if (studies !== 'studies' || !Object.values(shapes).some(Boolean))
    return sendError(res, 404, 'no such route');
  for (const uid of [study, series, sop].filter((u) => u !== undefined))
    if (!UID.test(uid)) return sendError(res, 400, 'a UID has only digits and dots, at most 64');
  const matches = (instancesByStudy.get(study) ?? []).filter(
    (i) =>
      (series === undefined || i.seriesInstanceUid === series) &&
      (sop === undefined || i.sopInstanceUid === sop),
  );
  if (!matches.length) return sendError(res, 404, 'no such study, series or instance');
  if (shapes.studyInstances || shapes.seriesInstances) {
    res.writeHead(200, { 'content-type': 'application/dicom+json' });
    return void res.end(JSON.stringify(matches.map((i) => qidoInstance(i, wadoRoot))));
  }
  await sendMultipart(res, matches);
};

module.exports = { createDicomWebHandler };
