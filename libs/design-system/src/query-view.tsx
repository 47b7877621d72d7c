import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** The part of a query result a view needs (TanStack Query's result has it). */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/**
 * What a list shows while its query loads, when it failed, and when it came back empty; its
 * content otherwise. `isEmpty` decides what empty means (default: an empty array). With
 * `retry`, a failure also offers a button that asks again (a section on a page that stays).
 */
export function QueryView<T>({
  query,
  failed,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  loading,
  retry,
  children,
}: {
  query: QueryState<T>;
  failed: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  loading?: string;
  retry?: { label: string; onRetry: () => void };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if ((query.isError || query.data === undefined) && retry)
    return (
      <div role="alert">
        <p className="ds-error-text">{failed}</p>
        <Button variant="secondary" onClick={retry.onRetry}>
          {retry.label}
        </Button>
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <p role="alert" className="ds-error-text">
        {failed}
      </p>
    );
  if (empty !== undefined && isEmpty(query.data)) return <p>{empty}</p>;
  return children(query.data);
}
