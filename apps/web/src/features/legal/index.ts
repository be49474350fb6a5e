// The legal feature's public surface: the terms and privacy pages.
export { PrivacyPage } from './components/privacy-page';
export { TermsPage } from './components/terms-page';
