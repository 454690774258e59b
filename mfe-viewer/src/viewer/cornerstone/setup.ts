import { getRenderingCapabilities, init as initCore, setUseCPURendering } from '@cornerstonejs/core';
import {
  init as initTools,
  addTool,
  PanTool,
  StackScrollTool,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import dicomImageLoader from '@cornerstonejs/dicom-image-loader';
import { VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { loadReceivedFrames } from './frame-loader';
import { cornerstoneState } from '../first-image';

/**
 * Cornerstone is initialised once per page (its caches, loaders and tool registry are global), but
 * several viewers may open with different viewer tokens: frame requests find theirs by study uid.
 */
const tokensByStudy = new Map<string, string>();
let ready: Promise<void> | null = null;

/** The study a wadors image id belongs to: `.../studies/{uid}/series/...`. */
const studyOf = (imageId: string): string | undefined => /\/studies\/([^/]+)\//.exec(imageId)?.[1];

/**
 * Cornerstone's start probes WebGL once (a context, shaders, a texture read back; kept in localStorage
 * by renderer) and draws on the CPU when there is none. Drawn in software (SwiftShader, llvmpipe:
 * machines without a GPU, most virtual machines) it draws on the CPU here too, which shows a stack image
 * sooner than a software-emulated GPU does (its shaders compiled on the CPU first). `init` must come
 * first: `setUseCPURendering` marks Cornerstone as started, so an `init` after it would skip the probe,
 * which then ran in the middle of the first image.
 */
const initialise = async (): Promise<void> => {
  await initCore();
  if (getRenderingCapabilities().softwareRasterizer) setUseCPURendering(true);
  initTools();
  dicomImageLoader.init({
    maxWebWorkers: Math.max(1, Math.min(4, Math.floor((navigator.hardwareConcurrency || 2) / 2))),
    // Merged over the loader's own headers (Accept with the transfer syntaxes it decodes).
    beforeSend: (_xhr, imageId): Record<string, string> => {
      const token = tokensByStudy.get(studyOf(imageId) ?? '');
      return token ? { [VIEWER_TOKEN_HEADER]: token } : {};
    },
  });
  loadReceivedFrames();
  [WindowLevelTool, ZoomTool, PanTool, StackScrollTool].forEach((tool) => addTool(tool));
  cornerstoneState.started = true;
};

/** Initialises Cornerstone once (a preload may do it before any study is open). */
export const warmCornerstone = (): Promise<void> =>
  (ready ??= initialise().catch((e: unknown) => {
    ready = null;
    throw e;
  }));

/** Initialises Cornerstone on first use and registers the viewer token of a study. */
export const ensureCornerstone = (studyInstanceUid: string, token: string): Promise<void> => {
  tokensByStudy.set(studyInstanceUid, token);
  return warmCornerstone();
};
