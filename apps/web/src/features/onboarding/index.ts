export { OnboardingPage } from './components/onboarding-page';
export { clearOnboardingProgress, isOnboardingInProgress } from './hooks/use-onboarding-progress';
