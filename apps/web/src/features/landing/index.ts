// The landing feature's public surface: the page at '/'.
export { LandingPage, type LandingPageProps } from './components/landing-page';
