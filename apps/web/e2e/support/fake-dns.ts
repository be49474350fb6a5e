// The loopback DNS server of the API tests, reused by the browser tests on E2E_DNS_PORT.
export { startFakeDns, type FakeDns, type FakeDnsRecords } from '../../../server/test/fake-dns';
