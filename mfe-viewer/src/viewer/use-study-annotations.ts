import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ANNOTATION_MESSAGES,
  type Measurement,
  type MeasurementTool,
  type StudyKeyImage,
} from '@portal/contracts';
import { queryError } from '@portal/api';
import type { StackDisplay } from './cornerstone/stack-display';
import type { Measuring, MeasurementView } from './cornerstone/measurements';
import { frameOf } from './frame-image-id';
import { useGetStudyAnnotationsQuery, useSaveStudyAnnotationsMutation } from './viewer.api';

/** A change is saved this long after the last one (a handle dragged is many changes). */
const SAVE_DELAY_MS = 600;

/** A set compared by value: measurements in id order (Cornerstone lists them in its own order). */
const setKey = (measurements: Measurement[], keyImages: StudyKeyImage[]) =>
  JSON.stringify([[...measurements].sort((a, b) => a.id.localeCompare(b.id)), keyImages]);

const sameFrame = (a: Omit<StudyKeyImage, 'note'>, b: Omit<StudyKeyImage, 'note'>) =>
  a.seriesUid === b.seriesUid && a.sopInstanceUid === b.sopInstanceUid && a.frame === b.frame;

/**
 * The study's measurements and key images (issue 31): read once the series is drawn, drawn again on
 * their images, saved after each change when this viewer may (the owner), read-only otherwise. The
 * measurement tools load only when a tool is picked or a saved measurement must be drawn.
 */
export const useStudyAnnotations = (study: string, token: string, display: StackDisplay | null) => {
  const saved = useGetStudyAnnotationsQuery({ studyInstanceUid: study, token }, { skip: !display });
  const [save] = useSaveStudyAnnotationsMutation();
  const [measuring, setMeasuring] = useState<Measuring | null>(null);
  const [tool, setTool] = useState<MeasurementTool | null>(null);
  /** The tool the left button draws with now: the picked one only once the tools have loaded. */
  const [activeTool, setActiveTool] = useState<MeasurementTool | null>(null);
  const [measurements, setMeasurements] = useState<MeasurementView[]>([]);
  const [keyImages, setKeyImages] = useState<StudyKeyImage[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  /** The saved set is read and drawn: what the lists show is the study's. */
  const [drawn, setDrawn] = useState(false);
  const version = useRef(0);
  /** The set as last saved or read: a change is saved only when the set differs from it. */
  const lastSaved = useRef('');
  const canWrite = saved.data?.canWrite ?? false;
  const needsTools = tool !== null || Boolean(saved.data?.measurements.length);

  useEffect(() => {
    if (!display || !needsTools) return undefined;
    let live = true;
    let made: Measuring | null = null;
    void import(/* webpackChunkName: "viewer-measurements" */ './cornerstone/measurements').then((m) => {
      if (!live) return;
      made = new m.Measuring(display.measuringTarget(study), setMeasurements);
      setMeasuring(made);
    });
    return () => {
      live = false;
      made?.destroy();
      setMeasuring(null);
    };
  }, [display, needsTools, study]);

  useEffect(() => {
    if (!saved.data) return;
    version.current = saved.data.version;
    lastSaved.current = setKey(saved.data.measurements, saved.data.keyImages);
    setKeyImages(saved.data.keyImages);
    if (measuring) {
      measuring.show(saved.data.measurements, !saved.data.canWrite);
      setMeasurements(measuring.list());
    }
    setDrawn(Boolean(measuring) || !saved.data.measurements.length);
  }, [saved.data, measuring]);

  useEffect(() => {
    measuring?.use(tool);
    setActiveTool(measuring ? tool : null);
  }, [measuring, tool]);

  useEffect(() => {
    const plain = measurements.map(({ text: _text, ...m }) => m);
    const key = setKey(plain, keyImages);
    if (!canWrite || !saved.data || key === lastSaved.current) return undefined;
    const timer = setTimeout(() => {
      lastSaved.current = key;
      const body = { measurements: plain, keyImages, version: version.current };
      save({ studyInstanceUid: study, token, body })
        .unwrap()
        .then((answer) => {
          version.current = answer.version;
          setNotice(null);
        })
        .catch((e: unknown) => {
          const error = queryError(e);
          setNotice(error.message);
          // Saved elsewhere meanwhile: what is stored is drawn again.
          if (error.status === 409) void saved.refetch();
        });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [measurements, keyImages, canWrite, save, study, token, saved]);

  /** Marks or unmarks the image shown as a key image. */
  const toggleKeyImage = useCallback(() => {
    const at = frameOf(display?.currentImageId() ?? '');
    if (!at || !canWrite) return;
    setKeyImages((list) =>
      list.some((k) => sameFrame(k, at)) ? list.filter((k) => !sameFrame(k, at)) : [...list, at],
    );
  }, [display, canWrite]);

  const shownIsKey = (shown: string | undefined) => {
    const at = frameOf(shown ?? '');
    return Boolean(at && keyImages.some((k) => sameFrame(k, at)));
  };

  return {
    ready: drawn,
    canWrite,
    readOnlyNote: saved.data && !canWrite ? ANNOTATION_MESSAGES.readOnly : null,
    notice,
    tool,
    setTool,
    activeTool,
    measurements,
    removeMeasurement: (id: string) => measuring?.remove(id),
    keyImages,
    toggleKeyImage,
    shownIsKey,
  };
};
