import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** The part of a query result a view needs (TanStack Query's result has it). */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/**
 * What a list shows while its query loads, when it failed, and when it came back empty; its
 * content otherwise. `isEmpty` decides what empty means (default: an empty array).
 */
export function QueryView<T>({
  query,
  failed,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  loading,
  children,
}: {
  query: QueryState<T>;
  failed: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined)
    return (
      <p role="alert" className="ds-error-text">
        {failed}
      </p>
    );
  if (empty !== undefined && isEmpty(query.data)) return <p>{empty}</p>;
  return children(query.data);
}
