// The browser's time zone as one of the selectable zones (an old alias such as Asia/Calcutta mapped to its
// listed name), the first guess for an organisation's and an event's zone.
import { DEFAULT_TIME_ZONE, toSupportedTimeZone } from '@marquee/shared';

export function browserTimeZone(): string {
  return toSupportedTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIME_ZONE;
}
