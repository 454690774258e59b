import type { Finding, FindingDocumentAnswer, FindingDocuments, WholeBodyScan } from '@portal/contracts';
import { portalRequest } from '@portal/api';
import type { FindingRef } from '../whole-body-scans/whole-body-scans.api';
import type { ImageBytes } from './key-image-sync';

/** The scan's calls, as the remote's API makes them (its lazy queries). */
export interface ScanCalls {
  scan(id: string): Promise<WholeBodyScan>;
  documents(ref: FindingRef): Promise<FindingDocuments>;
  document(ref: FindingRef & { docId: string }): Promise<FindingDocumentAnswer>;
}

export interface LoadedKeyImage extends ImageBytes {
  caption: string;
}

const flatten = (findings: Finding[]): Finding[] =>
  findings.flatMap((f) => [f, ...flatten(f.child_findings)]);

/**
 * The scan's key images as the patient may read them (rendered from the scan's own DICOM by the
 * imaging context), in the order of the findings: what the patient's side shares in a call.
 */
export const loadKeyImages = async (calls: ScanCalls, scanId: string): Promise<LoadedKeyImage[]> => {
  const scan = await calls.scan(scanId);
  const out: LoadedKeyImage[] = [];
  for (const finding of flatten(scan.findings).filter((f) => f.document_counts.key_images > 0)) {
    const ref = { scanId, findingId: finding.id };
    const docs = await calls.documents(ref);
    for (const image of docs.key_images) {
      const answer = await calls.document({ ...ref, docId: image.id });
      if (!answer.url) continue;
      // The rendered image's bytes, fetched as every object URL is (libs/api's portalRequest).
      const png = await portalRequest<Blob>(answer.url, {
        responseType: 'blob',
        headers: { Accept: 'image/png' },
      });
      if (png.error) throw new Error(png.error.message);
      out.push({
        caption: image.caption || finding.organization_whole_body_scan_finding_type.name,
        bytes: new Uint8Array(await png.data.arrayBuffer()),
        type: png.data.type || 'image/png',
      });
    }
  }
  return out;
};
