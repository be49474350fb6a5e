// Where 'View profile' goes: the organisation's active domain, on http only when the dashboard itself is
// served over http (local development), otherwise on https.
export function profileUrl(activeDomain: string | null | undefined, pageProtocol: string): string | null {
  const domain = activeDomain?.trim();
  if (!domain) return null;
  const scheme = pageProtocol === 'http:' ? 'http' : 'https';
  return `${scheme}://${domain}`;
}
