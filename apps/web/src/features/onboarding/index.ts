export { OnboardingPage } from './components/onboarding-page';
export { organizationInfoQuery, type OrganizationInfo } from './api/organization';
export { clearOnboardingProgress, isOnboardingInProgress } from './hooks/use-onboarding-progress';
