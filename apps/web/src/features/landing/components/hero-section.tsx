// The hero: headline, main actions, the tagline and the rotating claims over the WebGL stage lights.
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { HeroCanvas } from './hero-canvas';
import { RotatingClaims } from './rotating-claims';

interface HeroSectionProps {
  isSignedIn: boolean;
  onGetStarted(): void;
  onSignIn(): void;
}

export function HeroSection({ isSignedIn, onGetStarted, onSignIn }: HeroSectionProps) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-[100svh] items-center overflow-hidden pt-28 pb-20"
    >
      <div className="absolute inset-0 -z-10" aria-hidden="true">
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_50%_110%,rgb(0_234_111/0.22),transparent_60%)]" />
        <HeroCanvas />
        <div className="landing-grain absolute inset-0 opacity-60 dark:opacity-100" />
        <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-white dark:to-[#0a0a0a]" />
      </div>
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center px-6 text-center">
        <div className="landing-rise">
          <RotatingClaims />
        </div>
        <h1
          id="hero-heading"
          className="font-display landing-rise mt-8 text-[clamp(3.5rem,11vw,9.5rem)] leading-[0.88] tracking-wide [animation-delay:80ms]"
        >
          Own your <span className="text-emerald-600 dark:text-primary">ticketing.</span>
          <br />
          Keep your fans.
        </h1>
        <p className="text-muted-foreground landing-rise mt-6 max-w-xl text-base [animation-delay:160ms] sm:text-lg">
          Sell tickets from your own branded page, on your own domain. Every buyer, every e-mail, every insight stays
          yours, not a marketplace&rsquo;s.
        </p>
        <div className="landing-rise mt-10 flex flex-wrap items-center justify-center gap-3 [animation-delay:240ms]">
          {isSignedIn ? (
            <Link to="/dashboard" className={buttonClasses('medium', 'primary')}>
              App Dashboard
            </Link>
          ) : (
            <>
              <Button size="medium" variant="primary" onClick={onGetStarted}>
                Get Started
              </Button>
              <Button size="medium" variant="secondary" onClick={onSignIn}>
                Sign In
              </Button>
            </>
          )}
        </div>
        <p className="text-muted-foreground landing-rise mt-5 font-mono text-xs tracking-wide [animation-delay:320ms]">
          Free forever. Customer pays fee.
        </p>
      </div>
    </section>
  );
}
