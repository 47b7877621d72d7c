import {
  Component,
  lazy,
  Suspense,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Button, Card, Spinner, useDocumentTitle } from '@mojud/design-system';
import type { ExposedModule, RemoteModuleProps, RemoteName } from '@mojud/contracts';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../texts';
import { loadRemoteModule, reportRemoteError, resetRemote } from './remote-loader';

interface BoundaryProps {
  remote: RemoteName;
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote area "${this.props.area}" failed`, error, info.componentStack);
    // Counted per release, so a canary that breaks is seen on the release statistics page.
    reportRemoteError(this.props.remote, error);
  }

  render() {
    if (this.state.error) {
      return (
        <RemoteUnavailable
          area={this.props.area}
          detail={this.state.error.message}
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}

export function RemoteUnavailable({
  area,
  detail,
  onRetry,
}: {
  area: string;
  detail?: string;
  onRetry: () => void;
}) {
  const t = useT(ns);
  return (
    <Card className="shell-remote-error">
      <h2>{t('remote.unavailable', { area })}</h2>
      {detail && <p className="shell-muted">{detail}</p>}
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </Card>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each exposed module has its own props
type RemoteModule = { default: ComponentType<any> };

/**
 * One exposed module and the props the shell renders it with, as the contract in
 * @mojud/contracts (RemoteModuleProps) says; each remote checks its components against it.
 */
export type RemoteRouteProps = {
  [R in RemoteName]: {
    [M in ExposedModule<R>]: {
      remote: R;
      /** The exposed module without "./", e.g. "routes". */
      module: M;
      /** Message key of the area's name as users know it: Inventory, Vehicles, Shops, Staff… */
      areaKey: KeyOf<typeof ns>;
      /** Props for the exposed component (e.g. the dashboard's storeId and callbacks). */
      props?: RemoteModuleProps[R][M];
      /** A part of a shell page (the stores page's invitations): the page keeps its own title. */
      embedded?: boolean;
    };
  }[ExposedModule<R>];
}[RemoteName];

/** Names the area while its remote loads or fails; the remote's page then names itself. */
function AreaTitle({ area }: { area: string }) {
  useDocumentTitle(area);
  return null;
}

/** Renders one exposed module of a remote, isolated: a failure stays inside this route. */
export function RemoteRoute({ remote, module, areaKey, props, embedded = false }: RemoteRouteProps) {
  const t = useT(ns);
  const area = t(areaKey);
  const [attempt, setAttempt] = useState(0);
  const Loaded = useMemo(
    () => lazy(() => loadRemoteModule<RemoteModule>(remote, module)),
    // A new attempt needs a new lazy component: React caches the rejected one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  const retry = () => {
    resetRemote(remote);
    setAttempt((value) => value + 1);
  };
  return (
    <>
      {!embedded && <AreaTitle area={area} />}
      <RemoteErrorBoundary key={attempt} remote={remote} area={area} onRetry={retry}>
        <Suspense
          fallback={
            <div className="shell-center">
              <Spinner size="lg" label={t('remote.loading', { area })} />
            </div>
          }
        >
          <Loaded {...props} />
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
}
