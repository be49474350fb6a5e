// Step 2 of the event wizard, 'Location & Schedule': the venue, the event's time zone (a select of the
// supported zones) and the three times, whose hint and tooltips all name the same zone with its offset.
import { localToInstant, parseLocalDateTime, timeZoneLabel, type EventFormValues } from '@marquee/shared';
import { inputClasses } from '../../../components/ui/input';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { controlProps, describedBy, errorId, Field } from '../../../components/ui/field';
import { DateTimePicker } from './date-time-picker';
import { fieldId, invalidClass, type StepProps } from './form-parts';

/** The zone's name with its offset when the event starts (or now): 'Europe/London, GMT+1'. */
function zoneLabelAt(form: EventFormValues): string {
  const start = parseLocalDateTime(form.startDateTime) ? form.startDateTime : '';
  try {
    return timeZoneLabel(form.timeZone, start ? localToInstant(start, form.timeZone) : new Date());
  } catch {
    return form.timeZone;
  }
}

export function StepSchedule({ form, errors, update }: StepProps) {
  const zone = zoneLabelAt(form);
  const picker = (
    field: 'startDateTime' | 'endDateTime' | 'lastEntry',
    label: string,
    info: string,
    optional = false,
    align: 'start' | 'end' = 'start',
  ) => (
    <Field id={fieldId(field)} label={label} info={info} optional={optional} error={errors[field]} labelAs="span">
      <DateTimePicker
        id={fieldId(field)}
        label={label}
        value={form[field]}
        onChange={(value) => update(field, value)}
        invalid={!!errors[field]}
        align={align}
        describedBy={errors[field] ? errorId(fieldId(field)) : undefined}
      />
    </Field>
  );
  return (
    <>
      <Field
        id={fieldId('eventLocation')}
        label="Location"
        info="The venue name and address fans will travel to."
        error={errors.eventLocation}
      >
        <div className="relative">
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M8 14.5s5-4.3 5-8.5a5 5 0 1 0-10 0c0 4.2 5 8.5 5 8.5Z" />
            <circle cx="8" cy="6" r="1.75" />
          </svg>
          <input
            {...controlProps(fieldId('eventLocation'), errors.eventLocation)}
            type="search"
            value={form.eventLocation}
            onChange={(event) => update('eventLocation', event.target.value)}
            maxLength={300}
            placeholder="Search for a venue or address"
            autoComplete="off"
            className={`${inputClasses} pl-9 ${invalidClass(errors.eventLocation)}`}
          />
        </div>
      </Field>
      <Field
        id={fieldId('timeZone')}
        label="Time Zone"
        info="The zone of the venue. Start, end and last entry are read in it, and fans see times in it."
        hint={`Times below are in ${zone}.`}
        error={errors.timeZone}
      >
        <TimeZoneSelect
          id={fieldId('timeZone')}
          value={form.timeZone}
          onChange={(value) => update('timeZone', value)}
          invalid={!!errors.timeZone}
          describedBy={describedBy(fieldId('timeZone'), errors.timeZone, true)}
        />
      </Field>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        {picker('startDateTime', 'Start Date & Time', `When doors open or the event begins, in ${zone}.`)}
        {picker(
          'endDateTime',
          'End Date & Time',
          `When the event finishes (after the start), in ${zone}.`,
          false,
          'end',
        )}
      </div>
      {picker(
        'lastEntry',
        'Last Entry',
        `The latest time fans can get in, between the start and the end, in ${zone}. Leave empty if there is none.`,
        true,
      )}
    </>
  );
}
