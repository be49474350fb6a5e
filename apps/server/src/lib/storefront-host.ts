// The host an organisation's storefront answers on: its verified custom domain, else its subdomain of the public
// host. Pages, e-mails and the dashboard build fans' links from it.
export function activeDomain(
  settings: { customDomain: string | null; customDomainVerified: boolean; subdomain: string },
  publicHost: string,
): string {
  if (settings.customDomain && settings.customDomainVerified) return settings.customDomain;
  return `${settings.subdomain}.${publicHost}`;
}
