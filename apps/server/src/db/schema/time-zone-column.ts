// An IANA time zone stored as text, always under its current name: an old spelling ('Europe/Kiev') is written
// as the new one ('Europe/Kyiv'), and a row stored before the rename is read as the new one (decision 027).
import { customType } from 'drizzle-orm/pg-core';
import { currentTimeZoneName } from '@marquee/shared';

export const timeZoneText = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text';
  },
  toDriver: currentTimeZoneName,
  fromDriver: currentTimeZoneName,
});
