// The event's time zone: a native select of every supported IANA zone, grouped by region, each with its
// current GMT offset ('London (GMT+1)'). Native, so it is keyboard- and screen-reader-friendly and opens as
// the phone's own picker.
import { currentTimeZoneName, gmtOffsetLabel, supportedTimeZones } from '@marquee/shared';
import { inputClasses } from './input';

interface ZoneGroup {
  region: string;
  zones: Array<{ value: string; label: string }>;
}

let groups: ZoneGroup[] | null = null;

/** Built once per page load: ~420 offsets are cheap, but not on every render. */
function zoneGroups(): ZoneGroup[] {
  if (groups) return groups;
  const byRegion = new Map<string, ZoneGroup>();
  const now = new Date();
  for (const zone of supportedTimeZones()) {
    const slash = zone.indexOf('/');
    const region = slash === -1 ? 'Other' : zone.slice(0, slash);
    const place = (slash === -1 ? zone : zone.slice(slash + 1)).replace(/_/g, ' ').replace(/\//g, ' / ');
    const group = byRegion.get(region) ?? { region, zones: [] };
    group.zones.push({ value: zone, label: `${place} (${gmtOffsetLabel(zone, now)})` });
    byRegion.set(region, group);
  }
  groups = [...byRegion.values()];
  return groups;
}

export function TimeZoneSelect({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const all = zoneGroups();
  // An old name ('Europe/Kiev') selects the zone under its current name ('Europe/Kyiv').
  const current = currentTimeZoneName(value);
  const known = all.some((group) => group.zones.some((zone) => zone.value === current));
  return (
    <select
      id={id}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={`${inputClasses} ${invalid ? 'border-red-500' : ''}`}
    >
      {/* An event stored with a zone no longer listed (an old alias) keeps showing it until changed. */}
      {known ? null : <option value={current}>{current.replace(/_/g, ' ')}</option>}
      {all.map((group) => (
        <optgroup key={group.region} label={group.region}>
          {group.zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
