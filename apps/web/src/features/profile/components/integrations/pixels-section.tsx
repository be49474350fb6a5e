// Integrations > Ad pixels (PRO, decision 156): the organisation's Meta Pixel ID and Google Analytics 4 measurement
// ID. The storefront loads them only after a fan accepts its consent notice, and only while the plan is PRO.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PixelSettings } from '@marquee/shared';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/input';
import { QueryState } from '../../../../components/ui/query-state';
import { ApiError, apiRequest } from '../../../../lib/api-client';

const KEY = ['integrations', 'pixels'] as const;

function PixelsForm({ saved }: { saved: PixelSettings }) {
  const [meta, setMeta] = useState(saved.meta_pixel_id ?? '');
  const [ga, setGa] = useState(saved.ga_measurement_id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      apiRequest<PixelSettings>('/api/integrations/pixels', {
        method: 'PUT',
        body: { meta_pixel_id: meta, ga_measurement_id: ga },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next);
      // The ids as kept (the measurement id upper-cased); the form stays, with its status.
      setMeta(next.meta_pixel_id ?? '');
      setGa(next.ga_measurement_id ?? '');
      setErrors({});
      setStatus('Saved.');
    },
    onError: (error) => {
      setStatus(null);
      setErrors(
        error instanceof ApiError && error.fields?.length
          ? Object.fromEntries(error.fields.map((field) => [field.path, field.message]))
          : { form: 'The pixels could not be saved. Please try again.' },
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Meta Pixel ID"
          value={meta}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          placeholder="123456789012345"
          onChange={(event) => setMeta(event.target.value)}
          error={errors.meta_pixel_id}
        />
        <TextField
          label="Google Analytics measurement ID"
          value={ga}
          autoComplete="off"
          maxLength={40}
          placeholder="G-XXXXXXXXXX"
          onChange={(event) => setGa(event.target.value)}
          error={errors.ga_measurement_id}
        />
      </div>
      {errors.form ? (
        <p role="alert" className="text-danger text-sm">
          {errors.form}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button type="submit" size="small" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save pixels'}
        </Button>
        <p role="status" className="text-sm">
          {status}
        </p>
      </div>
    </form>
  );
}

export function PixelsSection() {
  const pixels = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<PixelSettings>('/api/integrations/pixels', { signal }),
  });
  return (
    <section
      aria-labelledby="pixels-title"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div>
        <h2 id="pixels-title" className="font-semibold">
          Ad pixels
        </h2>
        <p className="text-muted-foreground text-sm">
          Measure your Meta and Google ads on your storefront. Fans see a consent notice first; the pixels load only
          after they accept. Leave a field empty to turn that pixel off.
        </p>
      </div>
      <QueryState
        query={pixels}
        error="Your pixels could not be loaded. Please try again."
        onRetry={() => void pixels.refetch()}
        loading="Loading your pixels..."
      >
        {(saved) => <PixelsForm saved={saved} />}
      </QueryState>
    </section>
  );
}
