import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { loadRemoteModule } from '@portal/session';
import { PageLoading } from './page-loading';

/** What loads an exposed module ('mfe_viewer/ImagingViewer'); the shell's federation runtime by default. */
export type ExposedModuleLoader = (id: string) => Promise<unknown>;

/** The component of a loaded module: its default export, or the module itself when it is a component. */
const componentOf = (mod: unknown): ComponentType<Record<string, unknown>> | null => {
  const candidate =
    mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod;
  return typeof candidate === 'function' ||
    (candidate !== null && typeof candidate === 'object' && '$$typeof' in (candidate as object))
    ? (candidate as ComponentType<Record<string, unknown>>)
    : null;
};

/** Keeps a crash of the loaded component inside its own box. */
class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote-component] the component crashed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteComponentProps<P extends object> {
  /** The exposed module: `<federation name>/<exposed name>`, e.g. 'mfe_viewer/ImagingViewer'. */
  id: string;
  /** Props given to the loaded component. */
  props: P;
  /** Shown when the module cannot load or its component crashes. */
  fallbackText: string;
  testId?: string;
  /** Replaces the shell's loader (tests; a host without the shell). */
  loader?: ExposedModuleLoader;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Comp: ComponentType<Record<string, unknown>> }
  | { status: 'failed' };

/**
 * Renders an exposed component of another remote, loaded at run time through the shell's federation
 * runtime (never a static import): PageLoading while it loads, `fallbackText` if it cannot load or
 * crashes; the page around it keeps working either way.
 */
export function RemoteComponent<P extends object>({
  id,
  props,
  fallbackText,
  testId = 'remote-component',
  loader = loadRemoteModule,
}: RemoteComponentProps<P>) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.resolve()
      .then(() => loader(id))
      .then((mod) => {
        const Comp = componentOf(mod);
        if (!Comp) throw new Error(`${id} exposes no component`);
        if (live) setState({ status: 'ready', Comp });
      })
      .catch((e: unknown) => {
        console.error(`[remote-component] ${id} failed to load`, e);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [id, loader]);

  const fallback = (
    <Alert severity="warning" data-testid={`${testId}-fallback`} role="status">
      {fallbackText}
    </Alert>
  );
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') return fallback;
  const { Comp } = state;
  return (
    <Boundary fallback={fallback}>
      <Comp {...(props as Record<string, unknown>)} />
    </Boundary>
  );
}
