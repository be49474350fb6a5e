// The public landing page (/): loading overlay, top bar, hero, features, pricing, footer, mobile menu and the
// cookie notice. Auth is not this feature's business: it calls the handlers it is given.
import type { JSX } from 'react';
import '../landing.css';
import { useSmoothScroll } from '../hooks/use-smooth-scroll';
import { CookieNotice } from './cookie-notice';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LoadingOverlay } from './loading-overlay';
import { MobileMenu } from './mobile-menu';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

export interface LandingPageProps {
  isSignedIn: boolean;
  /** For the avatar menu. */
  userEmail?: string | null;
  userName?: string | null;
  /** Opens the sign-up modal. */
  onGetStarted(): void;
  /** Opens the sign-in modal. */
  onSignIn(): void;
  /** The avatar menu's Sign out action. */
  onSignOut(): void;
}

export function LandingPage({
  isSignedIn,
  userEmail,
  userName,
  onGetStarted,
  onSignIn,
  onSignOut,
}: LandingPageProps): JSX.Element {
  const scrollTo = useSmoothScroll();
  return (
    <div id="top" className="bg-background text-foreground min-h-screen">
      <LoadingOverlay />
      <a
        href="#main"
        className="bg-primary text-primary-foreground sr-only z-50 rounded-md px-4 py-2 font-mono text-xs font-bold uppercase focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar
        isSignedIn={isSignedIn}
        userEmail={userEmail}
        userName={userName}
        onSignOut={onSignOut}
        onNavigate={scrollTo}
      />
      <main id="main">
        <HeroSection isSignedIn={isSignedIn} onGetStarted={onGetStarted} onSignIn={onSignIn} />
        <FeaturesSection />
        <PricingSection isSignedIn={isSignedIn} onGetStarted={onGetStarted} />
      </main>
      <SiteFooter />
      <MobileMenu isSignedIn={isSignedIn} onNavigate={scrollTo} onGetStarted={onGetStarted} onSignIn={onSignIn} />
      <CookieNotice />
    </div>
  );
}
