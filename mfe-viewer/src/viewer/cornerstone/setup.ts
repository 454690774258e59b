import { init as initCore, setUseCPURendering } from '@cornerstonejs/core';
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

/**
 * Cornerstone is initialised once per page (its caches, loaders and tool registry are global), but
 * several viewers may open with different viewer tokens: frame requests find theirs by study uid.
 */
const tokensByStudy = new Map<string, string>();
let ready: Promise<void> | null = null;

/** The study a wadors image id belongs to: `.../studies/{uid}/series/...`. */
const studyOf = (imageId: string): string | undefined => /\/studies\/([^/]+)\//.exec(imageId)?.[1];

/**
 * WebGL may be missing (headless browsers, old phones), or drawn in software (SwiftShader, llvmpipe:
 * machines without a GPU, most virtual machines): Cornerstone then draws on the CPU, which shows a
 * stack image sooner than a software-emulated GPU does (its shaders compiled on the CPU first).
 */
const hasHardwareWebGl = (): boolean => {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(
      info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
    );
    return !/swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
};

const initialise = async (): Promise<void> => {
  if (!hasHardwareWebGl()) setUseCPURendering(true);
  await initCore();
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
