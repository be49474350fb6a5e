// The hero's rotating stat line: three claims, one every 4 s, announced politely to screen readers.
import { CLAIM_ROTATION_MS } from '../hooks/motion';
import { useRotatingIndex } from '../hooks/use-rotating-index';

export const CLAIMS = [
  '91% of fans prefer buying tickets directly',
  '87% say third-party platforms ruin brand cohesion',
  '82% want more control over ticketing data',
] as const;

export function RotatingClaims() {
  const index = useRotatingIndex(CLAIMS.length, CLAIM_ROTATION_MS);
  const claim = CLAIMS[index] ?? CLAIMS[0];
  const [figure, ...rest] = claim.split(' ');
  return (
    <p
      aria-live="polite"
      data-testid="rotating-claim"
      className="inline-flex min-h-9 items-center gap-2.5 rounded-full border border-black/10 bg-white/70 py-1.5 pr-4 pl-1.5 text-sm backdrop-blur dark:border-white/10 dark:bg-white/5"
    >
      <span key={claim} className="landing-claim inline-flex items-center gap-2.5">
        <span className="bg-primary text-primary-foreground rounded-full px-2.5 py-0.5 font-mono text-xs font-bold">
          {figure}
        </span>{' '}
        <span className="text-black/80 dark:text-white/85">{rest.join(' ')}</span>
      </span>
    </p>
  );
}
