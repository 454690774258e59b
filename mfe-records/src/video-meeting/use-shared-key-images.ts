import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChannelHub } from './channel-hub';
import {
  ChunkAssembler,
  chunksOf,
  type ImageBytes,
  type KeyImageMessage,
  type KeyImageView,
  parseKeyImageMessage,
  stepIndex,
  zoomIn,
  zoomOut,
} from './key-image-sync';
import {
  useLazyGetFindingDocumentQuery,
  useLazyGetFindingDocumentsQuery,
  useLazyGetWholeBodyScanQuery,
} from '../whole-body-scans/whole-body-scans.api';
import { type LoadedKeyImage, loadKeyImages } from './load-key-images';

export interface SharedImage {
  caption: string;
  /** An object URL once the bytes are here. */
  url: string | null;
}

/**
 * The key image both sides of a call look at. The patient's side (who may read the scan) loads the
 * images and sends them over the meeting's data channel, so the facility's side needs no access of
 * its own; either side moves or zooms, and the other follows.
 */
export const useSharedKeyImages = (hub: ChannelHub, scanId: string, source: boolean, active: boolean) => {
  const [images, setImages] = useState<SharedImage[]>([]);
  const [view, setView] = useState<KeyImageView>({ index: 0, zoom: 1 });
  /** The patient's side: its own images loading, loaded, or not readable. */
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const loaded = useRef<LoadedKeyImage[] | null>(null);
  const latest = useRef({ view, count: 0 });
  latest.current = { view, count: images.length };
  const urls = useRef<string[]>([]);
  const [getScan] = useLazyGetWholeBodyScanQuery();
  const [getDocuments] = useLazyGetFindingDocumentsQuery();
  const [getDocument] = useLazyGetFindingDocumentQuery();

  const showBytes = useCallback((index: number, img: ImageBytes) => {
    const url = URL.createObjectURL(new Blob([img.bytes as BlobPart], { type: img.type }));
    urls.current.push(url);
    setImages((list) => list.map((it, i) => (i === index ? { ...it, url } : it)));
  }, []);

  /** Everything a peer needs to be in step: the captions, each image, the current view. */
  const sendEverything = useCallback((send: (m: KeyImageMessage) => void) => {
    const list = loaded.current;
    if (!list) return;
    send({ t: 'images', captions: list.map((i) => i.caption) });
    list.forEach((img, i) => chunksOf(i, img).forEach(send));
    send({ t: 'view', ...latest.current.view });
  }, []);

  useEffect(() => {
    if (!source || !active) return;
    let gone = false;
    loadKeyImages(
      {
        scan: (id) => getScan(id).unwrap(),
        documents: (ref) => getDocuments(ref).unwrap(),
        document: (ref) => getDocument(ref).unwrap(),
      },
      scanId,
    )
      .then((list) => {
        if (gone) return;
        loaded.current = list;
        setStatus('ready');
        setImages(list.map((i) => ({ caption: i.caption, url: null })));
        list.forEach((img, i) => showBytes(i, img));
        sendEverything((m) => hub.sendAll(m));
      })
      .catch(() => !gone && setStatus('failed'));
    return () => {
      gone = true;
    };
  }, [source, active, scanId, hub, showBytes, sendEverything, getScan, getDocuments, getDocument]);

  useEffect(() => {
    const assembler = new ChunkAssembler();
    const offOpen = hub.onOpen((peer) => {
      if (source) sendEverything((m) => hub.sendTo(peer, m));
    });
    const offMessage = hub.onMessage((_, raw) => {
      const m = parseKeyImageMessage(raw, latest.current.count);
      if (!m) return;
      if (m.t === 'view') setView({ index: m.index, zoom: m.zoom });
      else if (source)
        return; // the patient's side has its own images
      else if (m.t === 'images') setImages(m.captions.map((caption) => ({ caption, url: null })));
      else {
        const bytes = assembler.add(m);
        if (bytes) showBytes(m.index, bytes);
      }
    });
    return () => {
      offOpen();
      offMessage();
    };
  }, [hub, source, sendEverything, showBytes]);

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const move = (next: KeyImageView) => {
    setView(next);
    hub.sendAll({ t: 'view', ...next });
  };
  const count = images.length;
  return {
    images,
    view,
    status,
    next: () => move({ ...view, index: stepIndex(view.index, 1, count) }),
    previous: () => move({ ...view, index: stepIndex(view.index, -1, count) }),
    zoomIn: () => move({ ...view, zoom: zoomIn(view.zoom) }),
    zoomOut: () => move({ ...view, zoom: zoomOut(view.zoom) }),
  };
};
