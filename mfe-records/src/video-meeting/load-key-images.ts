import {
  type Finding,
  type FindingDocumentAnswer,
  type FindingDocuments,
  WHOLE_BODY_SCAN_API,
  type WholeBodyScan,
} from '@portal/contracts';
import { apiFetch } from '@portal/api';
import type { ImageBytes } from './key-image-sync';

export interface LoadedKeyImage extends ImageBytes {
  caption: string;
}

const flatten = (findings: Finding[]): Finding[] =>
  findings.flatMap((f) => [f, ...flatten(f.child_findings)]);

/**
 * The scan's key images as the patient may read them (rendered from the scan's own DICOM by the
 * imaging context), in the order of the findings: what the patient's side shares in a call.
 */
export const loadKeyImages = async (scanId: string): Promise<LoadedKeyImage[]> => {
  const scan = await apiFetch<WholeBodyScan>(WHOLE_BODY_SCAN_API.scan(scanId));
  const out: LoadedKeyImage[] = [];
  for (const finding of flatten(scan.findings).filter((f) => f.document_counts.key_images > 0)) {
    const docs = await apiFetch<FindingDocuments>(WHOLE_BODY_SCAN_API.findingDocuments(scanId, finding.id));
    for (const image of docs.key_images) {
      const answer = await apiFetch<FindingDocumentAnswer>(
        WHOLE_BODY_SCAN_API.findingDocument(scanId, finding.id, image.id),
      );
      if (!answer.url) continue;
      const blob = await apiFetch<Blob>(answer.url, {
        responseType: 'blob',
        headers: { Accept: 'image/png' },
      });
      out.push({
        caption: image.caption || finding.organization_whole_body_scan_finding_type.name,
        bytes: new Uint8Array(await blob.arrayBuffer()),
        type: blob.type || 'image/png',
      });
    }
  }
  return out;
};
