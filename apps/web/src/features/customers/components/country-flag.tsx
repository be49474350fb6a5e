// A country's flag from the bundled country-flag-icons package (decision 022), loaded in its own chunk the
// first time a flag is shown; a code without a flag shows nothing.
import { lazy, Suspense } from 'react';

const FlagImage = lazy(() => import('./flag-image'));

export function CountryFlag({ code, className = '' }: { code: string | null; className?: string }) {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  return (
    <Suspense fallback={null}>
      <FlagImage code={code} className={className} />
    </Suspense>
  );
}
