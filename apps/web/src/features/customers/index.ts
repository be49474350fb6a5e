export { CustomersPage } from './components/customers-page';
