// A dialog that shows one fetched record: its heading and a Close button (focused on open, at the top so a long
// record stays scrolled to its start on small screens), then the error, the loading line or the record.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { QueryState } from './query-state';

export interface DetailDialogProps<T> {
  query: { isError: boolean; data: T | undefined };
  onClose(): void;
  /** The dialog's accessible name, with or without the record. */
  label(data: T | undefined): string;
  className?: string;
  /** The heading beside Close, once the record is there. */
  heading(data: T): ReactNode;
  error: string;
  loading: string;
  children(data: T): ReactNode;
}

export function DetailDialog<T>({
  query,
  onClose,
  label,
  className,
  heading,
  error,
  loading,
  children,
}: DetailDialogProps<T>) {
  const data = query.data;
  return (
    <Dialog open onClose={onClose} label={label(data)} className={className}>
      <div className="flex flex-col gap-5 p-6">
        <div className="flex items-start justify-between gap-3">
          {data !== undefined ? heading(data) : <span />}
          <Button size="xs" variant="secondary" onClick={onClose} data-autofocus>
            Close
          </Button>
        </div>
        <QueryState query={query} error={error} loading={loading}>
          {children}
        </QueryState>
      </div>
    </Dialog>
  );
}
