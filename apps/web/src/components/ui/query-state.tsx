// What a screen shows for data it fetches: the error ('... could not be loaded.', with 'Try again' when it can
// retry), a loading line while there is no data, an empty state, or the data. Each screen passes its own texts.
import type { ReactNode } from 'react';

/** The 'could not be loaded' line, read out as an alert; with onRetry, a 'Try again' button follows it. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry?(): void }) {
  return (
    <p role="alert" className="text-sm text-danger">
      {children}
      {onRetry ? (
        <>
          {' '}
          <button type="button" onClick={onRetry} className="font-semibold underline underline-offset-2">
            Try again
          </button>
        </>
      ) : null}
    </p>
  );
}

/** A muted line of text such as 'Loading orders...'; `announce` makes it a status region. */
export function LoadingText({ children, announce = true }: { children: ReactNode; announce?: boolean }) {
  return (
    <p role={announce ? 'status' : undefined} className="text-muted-foreground text-sm">
      {children}
    </p>
  );
}

export interface QueryStateProps<T> {
  query: { isError: boolean; data: T | undefined };
  /** The error sentence, e.g. 'The orders could not be loaded. Please try again.' */
  error: ReactNode;
  onRetry?(): void;
  /** Shown while there is no data: a string is shown as a LoadingText status line. */
  loading: ReactNode;
  /** Shown instead of children when isEmpty says the data holds nothing. */
  empty?: ReactNode;
  isEmpty?(data: T): boolean;
  children(data: T): ReactNode;
}

export function QueryState<T>({ query, error, onRetry, loading, empty, isEmpty, children }: QueryStateProps<T>) {
  if (query.isError) return <LoadError onRetry={onRetry}>{error}</LoadError>;
  if (query.data === undefined)
    return <>{typeof loading === 'string' ? <LoadingText>{loading}</LoadingText> : loading}</>;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
