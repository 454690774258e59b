import { eventTarget, metaData, type Types } from '@cornerstonejs/core';
import {
  addTool,
  annotation as annotations,
  AngleTool,
  EllipticalROITool,
  Enums as ToolEnums,
  LengthTool,
  RectangleROITool,
  ToolGroupManager,
  WindowLevelTool,
} from '@cornerstonejs/tools';
import {
  MEASUREMENT_TOOLS,
  type Measurement,
  type MeasurementTool,
  type WorldPoint,
} from '@portal/contracts';
import { frameImageId, frameOf } from '../frame-image-id';
import { measurementText } from '../measurement-text';

// Loaded with a dynamic import the first time a tool is picked or a saved measurement is shown: the
// first image never waits for it (issue 31).

const TOOLS = {
  Length: LengthTool,
  Angle: AngleTool,
  EllipticalROI: EllipticalROITool,
  RectangleROI: RectangleROITool,
} as const;
const { MouseBindings, Events } = ToolEnums;
const CHANGES = [Events.ANNOTATION_COMPLETED, Events.ANNOTATION_MODIFIED, Events.ANNOTATION_REMOVED];

let registered = false;

/** A measurement as the viewer lists it: what is saved, and the figures Cornerstone computed for it. */
export interface MeasurementView extends Measurement {
  text: string;
}

/** What of a StackDisplay the tools work on. */
export interface MeasuringTarget {
  study: string;
  element: HTMLDivElement;
  viewport: Types.IStackViewport;
  toolGroupId: string;
}

type CsAnnotation = {
  annotationUID?: string;
  metadata: { toolName: string; referencedImageId?: string };
  data: {
    handles: { points: Types.Point3[] };
    label?: string;
    cachedStats?: Record<string, Record<string, unknown>>;
  };
};

const isOurs = (a: CsAnnotation, study: string) =>
  (MEASUREMENT_TOOLS as readonly string[]).includes(a.metadata.toolName) &&
  Boolean(a.metadata.referencedImageId?.includes(`/studies/${study}/`));

/**
 * Cornerstone3D's length, angle, elliptical and rectangle ROI tools on one stack: picking a tool
 * binds it to the primary button (window/level goes back there with `use(null)`); saved measurements
 * are drawn again (locked when the viewer may not change them); every change is reported as the list.
 */
export class Measuring {
  private readonly created = new Map<string, string>();

  constructor(
    private readonly target: MeasuringTarget,
    private readonly onChange: (list: MeasurementView[]) => void,
  ) {
    if (!registered) {
      Object.values(TOOLS).forEach((t) => addTool(t));
      registered = true;
    }
    const group = ToolGroupManager.getToolGroup(target.toolGroupId);
    for (const t of Object.values(TOOLS)) {
      group?.addTool(t.toolName);
      group?.setToolPassive(t.toolName);
    }
    CHANGES.forEach((e) => eventTarget.addEventListener(e, this.changed));
  }

  private readonly changed = () => this.onChange(this.list());

  /** Binds `tool` to the primary button, or window/level when null. */
  use(tool: MeasurementTool | null): void {
    const group = ToolGroupManager.getToolGroup(this.target.toolGroupId);
    if (!group) return;
    for (const name of [WindowLevelTool.toolName, ...Object.values(TOOLS).map((t) => t.toolName)])
      group.setToolPassive(name);
    group.setToolActive(tool ? TOOLS[tool].toolName : WindowLevelTool.toolName, {
      bindings: [{ mouseButton: MouseBindings.Primary }, ...(tool ? [] : [{ numTouchPoints: 1 }])],
    });
  }

  /** The study's measurements as saved, drawn on their images (replacing what was drawn). */
  show(measurements: Measurement[], locked: boolean, origin = window.location.origin): void {
    for (const a of this.all()) annotations.state.removeAnnotation(a.annotationUID as string);
    const camera = this.target.viewport.getCamera();
    for (const m of measurements) {
      const referencedImageId = frameImageId(this.target.study, m, origin);
      const plane = metaData.get('imagePlaneModule', referencedImageId) as
        { frameOfReferenceUID?: string } | undefined;
      annotations.state.addAnnotation(
        {
          annotationUID: m.id,
          highlighted: false,
          invalidated: true,
          isLocked: locked,
          isVisible: true,
          metadata: {
            toolName: m.tool,
            referencedImageId,
            FrameOfReferenceUID: plane?.frameOfReferenceUID ?? '',
            viewPlaneNormal: camera.viewPlaneNormal,
            viewUp: camera.viewUp,
          },
          data: {
            label: m.label ?? '',
            handles: { points: m.points.map((p) => [...p] as Types.Point3), activeHandleIndex: null },
            cachedStats: {},
          },
        } as never,
        this.target.element,
      );
      this.created.set(m.id, m.createdAt);
    }
    this.target.viewport.render();
  }

  /** Removes one measurement (its id is the annotation's uid). */
  remove(id: string): void {
    annotations.state.removeAnnotation(id);
    this.target.viewport.render();
    this.changed();
  }

  list(): MeasurementView[] {
    return this.all().flatMap((a) => {
      const at = frameOf(a.metadata.referencedImageId ?? '');
      const id = a.annotationUID;
      if (!at || !id) return [];
      if (!this.created.has(id)) this.created.set(id, new Date().toISOString());
      const m: Measurement = {
        id,
        tool: a.metadata.toolName as MeasurementTool,
        ...at,
        points: a.data.handles.points.map((p) => [p[0], p[1], p[2]] as WorldPoint),
        ...(a.data.label ? { label: a.data.label } : {}),
        createdAt: this.created.get(id) as string,
      };
      const stats = Object.values(a.data.cachedStats ?? {})[0] ?? {};
      return [{ ...m, text: measurementText(m.tool, stats) }];
    });
  }

  private all(): CsAnnotation[] {
    return (annotations.state.getAllAnnotations() as unknown as CsAnnotation[]).filter((a) =>
      isOurs(a, this.target.study),
    );
  }

  destroy(): void {
    CHANGES.forEach((e) => eventTarget.removeEventListener(e, this.changed));
    for (const a of this.all()) annotations.state.removeAnnotation(a.annotationUID as string);
  }
}
