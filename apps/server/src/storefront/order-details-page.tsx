// The fan's names-and-answers page for an order (decision 130): the names on their tickets and their answers to
// the organiser's questions, as a plain form they can correct until the organiser's deadline; after it, the values
// are shown and the form is gone, with the reason.
import { formatEventTime, formatPreviewDate, instantToLocal, QUESTION_MESSAGES } from '@marquee/shared';
import type { FanDetails } from '../modules/questions/fan-answers.js';
import { HolderNameField, QuestionField } from './attendee-fields.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './layout.js';
import { Notice, type NoticeMessage } from './notice.js';

export interface OrderDetailsPageInput {
  organization: StorefrontFrameOrganization;
  orderCode: string;
  token: string;
  eventName: string;
  timeZone: string;
  details: FanDetails;
  values: Record<string, string>;
  errors?: Record<string, string> | undefined;
  message?: NoticeMessage | null | undefined;
}

function deadlineText(deadline: Date | null, timeZone: string) {
  if (!deadline) return null;
  const local = instantToLocal(deadline, timeZone);
  return `${formatPreviewDate(local)} · ${formatEventTime(local)} (${timeZone.replace(/_/g, ' ')})`;
}

function DetailsBody({ input }: { input: OrderDetailsPageInput }) {
  const { details, values, errors } = input;
  const until = deadlineText(details.deadline, input.timeZone);
  const fields = (
    <>
      {details.orderQuestions.length > 0 ? <h2>Your answers</h2> : null}
      {details.orderQuestions.map((question) => (
        <QuestionField key={question.id} question={question} slot={0} values={values} errors={errors} />
      ))}
      {details.tickets.length > 0 ? <h2>Tickets</h2> : null}
      {details.tickets.map((entry) => (
        <fieldset className="attendee" key={entry.slot}>
          <legend>{`${entry.typeName} · ${entry.code}`}</legend>
          {details.asked.ticketNames === 'off' ? null : (
            <HolderNameField
              slot={entry.slot}
              required={details.asked.ticketNames === 'required'}
              values={values}
              errors={errors}
            />
          )}
          {entry.questions.map((question) => (
            <QuestionField key={question.id} question={question} slot={entry.slot} values={values} errors={errors} />
          ))}
        </fieldset>
      ))}
    </>
  );
  return (
    <>
      <h1>Names and answers</h1>
      <p>
        {input.eventName} · Order <strong>{input.orderCode}</strong>
      </p>
      <Notice message={input.message} />
      {details.open ? (
        <>
          {until ? <p className="muted">{`You can change these until ${until}.`}</p> : null}
          <form method="post" action={`/orders/${input.token}/details`} noValidate>
            {fields}
            <button type="submit">Save changes</button>
          </form>
        </>
      ) : (
        <>
          <p className="note">{QUESTION_MESSAGES.editClosed}</p>
          <fieldset disabled className="choice">
            {fields}
          </fieldset>
        </>
      )}
      <p>
        <a href={`/orders/${input.token}`}>Back to your order</a>
      </p>
    </>
  );
}

export function renderOrderDetailsPage(input: OrderDetailsPageInput): string {
  return renderStorefrontPage(input.organization, {
    title: `Names and answers · Order ${input.orderCode}`,
    body: <DetailsBody input={input} />,
  });
}
