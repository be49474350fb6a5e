// Event page addresses: /events/{slug}, made from the event's name (decision 026).
export const EVENT_SLUG_MAX_LENGTH = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'Warehouse Night 01' -> 'warehouse-night-01'; accents dropped, never empty, never mistaken for an id. */
export function eventSlugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, EVENT_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  if (!slug) return 'event';
  // A slug shaped like an event id would be read as one (old id addresses keep working).
  return UUID.test(slug) ? `event-${slug}`.slice(0, EVENT_SLUG_MAX_LENGTH) : slug;
}

/** The nth candidate for a name: 'warehouse-night', 'warehouse-night-2', 'warehouse-night-3', ... */
export function eventSlugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, EVENT_SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** What an event path segment may be: a slug (lower-case letters, digits, single hyphens) or an id. */
export const isEventSlug = (value: string) =>
  value.length <= EVENT_SLUG_MAX_LENGTH + 8 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
export const isEventId = (value: string) => UUID.test(value);
