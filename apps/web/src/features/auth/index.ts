export { AuthModal, type AuthMode } from './components/auth-modal';
