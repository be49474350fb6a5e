export { CheckinApp } from './components/checkin-app';
