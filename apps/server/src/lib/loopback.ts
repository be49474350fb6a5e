// Recognises requests from the machine itself (127.0.0.0/8, ::1, and IPv4-mapped 127.x), e.g. for the outbox.
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const address = ip.toLowerCase();
  if (address === '::1' || address === '0:0:0:0:0:0:0:1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
