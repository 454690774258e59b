import {
  Enums,
  RenderingEngine,
  getRenderingEngine,
  imageLoader,
  utilities,
  type Types,
} from '@cornerstonejs/core';
import {
  Enums as ToolEnums,
  PanTool,
  StackScrollTool,
  SynchronizerManager,
  ToolGroupManager,
  WindowLevelTool,
  ZoomTool,
  synchronizers,
} from '@cornerstonejs/tools';
import { windowPreset, type WindowPresetName } from '../window-presets';
import type { SeriesStream } from '../series-stream';
import { forgetFrame } from './frame-loader';
import type { MeasuringTarget } from './measurements';

const ENGINE_ID = 'portal-imaging-viewer';
const { MouseBindings } = ToolEnums;
/** Frames asked at once when asked one by one: enough to fill the pipe, few enough that the first image is not queued behind the rest. */
const PREFETCH_CONCURRENCY = 6;
/** How often the 'N out of M' count is redrawn while a series loads. */
const PROGRESS_EVERY_MS = 150;
/** How long the first image waits for the series' stream to bring its frame before asking it alone. */
const FIRST_FRAME_WAIT_MS = 1000;

export interface LoadProgress {
  loaded: number;
  failed: number;
  total: number;
}

export interface StackDisplayEvents {
  /** The viewport shows another image (a step, the wheel, a touch scroll). */
  onImageShown: (index: number) => void;
  /** The first image is drawn. */
  onFirstImage: () => void;
  onProgress: (p: LoadProgress) => void;
}

let sequence = 0;
const engine = (): RenderingEngine =>
  (getRenderingEngine(ENGINE_ID) as RenderingEngine | undefined) ?? new RenderingEngine(ENGINE_ID);

/**
 * One series drawn in a StackViewport on `element`, with window/level (left button, one finger),
 * zoom (right button, pinch), pan (middle button) and stack scroll (wheel, three fingers).
 * Everything Cornerstone-specific stays here: the React side only calls these methods.
 */
export class StackDisplay {
  private readonly viewportId = `stack-${++sequence}`;
  private readonly toolGroupId = `tools-${this.viewportId}`;
  private viewport: Types.IStackViewport;
  private destroyed = false;
  private firstDrawn = false;

  constructor(
    private readonly element: HTMLDivElement,
    private readonly events: StackDisplayEvents,
  ) {
    const rendering = engine();
    rendering.enableElement({
      viewportId: this.viewportId,
      type: Enums.ViewportType.STACK,
      element,
      defaultOptions: { background: [0, 0, 0] },
    });
    this.viewport = rendering.getViewport(this.viewportId) as Types.IStackViewport;
    const tools = ToolGroupManager.createToolGroup(this.toolGroupId);
    if (tools) {
      [WindowLevelTool, ZoomTool, PanTool, StackScrollTool].forEach((t) => tools.addTool(t.toolName));
      tools.setToolActive(WindowLevelTool.toolName, { bindings: [{ mouseButton: MouseBindings.Primary }] });
      tools.setToolActive(ZoomTool.toolName, {
        bindings: [{ mouseButton: MouseBindings.Secondary }, { numTouchPoints: 2 }],
      });
      tools.setToolActive(PanTool.toolName, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
      tools.setToolActive(StackScrollTool.toolName, {
        bindings: [{ mouseButton: MouseBindings.Wheel }, { numTouchPoints: 3 }],
      });
      tools.addViewport(this.viewportId, ENGINE_ID);
    }
    element.addEventListener(Enums.Events.STACK_NEW_IMAGE, this.onNewImage);
    element.addEventListener(Enums.Events.IMAGE_RENDERED, this.onRendered);
  }

  private readonly onNewImage = (e: Event) => {
    const index = (e as CustomEvent<{ imageIdIndex: number }>).detail?.imageIdIndex;
    if (typeof index === 'number') this.events.onImageShown(index);
  };

  private readonly onRendered = () => {
    if (this.firstDrawn) return;
    this.firstDrawn = true;
    this.events.onFirstImage();
  };

  /**
   * Shows the stack from `index` and loads every image of it, counting what loaded; an image that
   * fails is counted as failed and left out by the caller (single frame failures are skipped).
   * `stream` brings the series' frames in one request (each handed over as it arrives); the frames it
   * did not bring (it failed, or the server has no such route) are asked one by one.
   */
  async show(imageIds: string[], index = 0, stream?: SeriesStream): Promise<Set<string>> {
    const failed = new Set<string>();
    if (!imageIds.length) return failed;
    const wanted = new Set(imageIds);
    const loads = new Map<string, Promise<void>>();
    let loaded = 0;
    const progress = () => this.events.onProgress({ loaded, failed: failed.size, total: imageIds.length });
    // At most one progress every PROGRESS_EVERY_MS: each is a render of the viewer's React tree, and
    // once a frame drawn (60 a second) those renders held the page's thread while the series loaded.
    let queued = false;
    const report = () => {
      if (queued) return;
      queued = true;
      setTimeout(() => {
        queued = false;
        if (!this.destroyed) progress();
      }, PROGRESS_EVERY_MS);
    };
    const load = (imageId: string): Promise<void> => {
      let pending = loads.get(imageId);
      if (!pending) {
        pending = imageLoader.loadAndCacheImage(imageId).then(
          () => void (loaded += 1),
          () => void failed.add(imageId),
        );
        pending = pending.finally(() => {
          forgetFrame(imageId);
          if (!this.destroyed) report();
        });
        loads.set(imageId, pending);
      }
      return pending;
    };
    // The image shown first goes before every other: the stack is set when the stream's first frame
    // arrives (usually that very image, drawn from its bytes; otherwise it is asked alone at once, not
    // waited for behind the rest), and the frames that came meanwhile are decoded once it is shown.
    let shown = false;
    const held: string[] = [];
    let drawn: Promise<void> | undefined;
    const draw = () =>
      (drawn ??= this.viewport
        .setStack(imageIds, index)
        .catch(() => undefined)
        .then(() => {
          shown = true;
          held.splice(0).forEach((id) => void load(id));
        }));
    report();
    // A stream that brings nothing for a while (a proxy holding the answer back) does not hold it either.
    const late = stream ? setTimeout(() => void draw(), FIRST_FRAME_WAIT_MS) : undefined;
    if (stream) {
      await stream((imageId) => {
        if (!wanted.has(imageId) || this.destroyed) {
          forgetFrame(imageId);
          return;
        }
        void draw();
        if (shown) void load(imageId);
        else held.push(imageId);
      }).catch((e: unknown) => {
        if (!this.destroyed) console.warn('[imaging-viewer] series stream failed; asking frame by frame', e);
      });
    }
    clearTimeout(late);
    await draw();
    const rest = imageIds.filter((id) => !loads.has(id));
    let next = 0;
    const worker = async () => {
      while (next < rest.length && !this.destroyed) await load(rest[next++]);
    };
    await Promise.all([...loads.values(), ...Array.from({ length: PREFETCH_CONCURRENCY }, worker)]);
    if (!this.destroyed) progress();
    return failed;
  }

  /** Replaces the stack (after failures were left out, MPR's cuts) showing image `index`; loads no other. */
  async restack(imageIds: string[], index: number): Promise<void> {
    if (imageIds.length)
      await this.viewport.setStack(imageIds, Math.min(index, imageIds.length - 1)).catch(() => undefined);
  }

  /** What the measurement tools (loaded on first use) work on. */
  measuringTarget(study: string): MeasuringTarget {
    return { study, element: this.element, viewport: this.viewport, toolGroupId: this.toolGroupId };
  }

  /** The image id shown now, and where an image id sits in the stack (-1 when it is not in it). */
  currentImageId(): string | undefined {
    return this.viewport.getCurrentImageId();
  }

  indexOf(imageId: string): number {
    return this.viewport.getImageIds().indexOf(imageId);
  }

  async showImage(index: number): Promise<void> {
    if (this.destroyed || index === this.viewport.getCurrentImageIdIndex()) return;
    await this.viewport.setImageIdIndex(index).catch(() => undefined);
  }

  /** A window/level preset; 'default' is the one of the file. */
  setPreset(name: WindowPresetName): void {
    const preset = windowPreset(name);
    if (!preset) {
      this.viewport.resetProperties();
    } else {
      this.viewport.setProperties({
        voiRange: utilities.windowLevel.toLowHighRange(preset.width, preset.center),
      });
    }
    this.viewport.render();
  }

  /**
   * Side by side and MPR: this display's window/level and the others' stay the same, whichever one is
   * dragged or given a preset (Cornerstone's VOI synchronizer). Returns what ends it.
   */
  syncWindowWith(...others: StackDisplay[]): () => void {
    const id = `window-${[this, ...others].map((d) => d.viewportId).join('-')}`;
    const sync = synchronizers.createVOISynchronizer(id, { syncInvertState: true, syncColormap: false });
    [this, ...others].forEach((d) => sync.add({ renderingEngineId: ENGINE_ID, viewportId: d.viewportId }));
    return () => SynchronizerManager.destroySynchronizer(id);
  }

  /** The stack's image ids, in the order shown. */
  imageIds(): string[] {
    return this.viewport.getImageIds();
  }

  /** Called after every render (an image shown, zoom, pan): what is laid over the image follows it. */
  onRender(listener: () => void): () => void {
    this.element.addEventListener(Enums.Events.IMAGE_RENDERED, listener);
    return () => this.element.removeEventListener(Enums.Events.IMAGE_RENDERED, listener);
  }

  /** Where a patient point is on the element, in CSS pixels, and back (MPR's crosshairs). */
  worldToCanvas(world: Types.Point3): Types.Point2 {
    return this.viewport.worldToCanvas(world);
  }

  canvasToWorld(canvas: Types.Point2): Types.Point3 {
    return this.viewport.canvasToWorld(canvas);
  }

  /** Window/level, zoom and pan back to how the image first showed. */
  reset(): void {
    this.viewport.resetProperties();
    this.viewport.resetCamera();
    this.viewport.render();
  }

  /** The viewport's element changed size (a phone turned, the page reflowed). */
  resize(): void {
    if (!this.destroyed) engine().resize(true, true);
  }

  destroy(): void {
    this.destroyed = true;
    this.element.removeEventListener(Enums.Events.STACK_NEW_IMAGE, this.onNewImage);
    this.element.removeEventListener(Enums.Events.IMAGE_RENDERED, this.onRendered);
    ToolGroupManager.destroyToolGroup(this.toolGroupId);
    engine().disableElement(this.viewportId);
  }
}
