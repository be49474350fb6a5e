// The history of an event's messages to ticket holders: what went to whom, its state and its counts (polled
// while one is still going out).
import { useQuery } from '@tanstack/react-query';
import { HOLDER_AUDIENCE_LABELS, type HolderMessage } from '@marquee/shared';
import { LoadingText, QueryState } from '../../../components/ui/query-state';
import { messagesQuery } from '../api/messages';

const STATUS_LABELS: Record<HolderMessage['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
};

const th = 'text-muted-foreground px-3 py-2 text-left font-mono text-[11px] font-semibold tracking-wider uppercase';
const td = 'text-foreground px-3 py-2 align-top';

export function MessagesHistory({ eventId }: { eventId: string }) {
  const messages = useQuery(messagesQuery(eventId));
  return (
    <div className="mt-6 flex flex-col gap-2">
      <h3 className="text-foreground text-base font-semibold">Sent messages</h3>
      <QueryState
        query={messages}
        error="The messages could not be loaded. Please reload the page."
        loading={<LoadingText announce={false}>Loading messages...</LoadingText>}
        isEmpty={(data) => data.messages.length === 0}
        empty={<p className="text-muted-foreground text-sm">No messages yet.</p>}
      >
        {(data) => (
          <div className="border-border overflow-x-auto rounded-lg border">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Messages sent to this event&apos;s ticket holders</caption>
              <thead className="border-border border-b">
                <tr>
                  <th scope="col" className={th}>
                    Subject
                  </th>
                  <th scope="col" className={th}>
                    To
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Recipients
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Sent
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Failed
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Unsubscribed
                  </th>
                  <th scope="col" className={th}>
                    When
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.messages.map((message) => (
                  <tr key={message.id} className="border-border border-b last:border-0" data-testid="message-row">
                    <td className={`${td} max-w-[16rem] break-words font-medium`}>{message.subject}</td>
                    <td className={td}>
                      {HOLDER_AUDIENCE_LABELS[message.audience].split(':')[0]}
                      {message.ticket_type_name ? `: ${message.ticket_type_name}` : ''}
                    </td>
                    <td className={td}>{STATUS_LABELS[message.status]}</td>
                    <td className={`${td} text-right tabular-nums`}>{message.recipients ?? '-'}</td>
                    <td className={`${td} text-right tabular-nums`}>{message.sent}</td>
                    <td className={`${td} text-right tabular-nums`}>{message.failed}</td>
                    <td className={`${td} text-right tabular-nums`}>{message.suppressed}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {new Date(message.sent_at ?? message.created_at).toLocaleString('en-GB', {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                      {message.created_by ? (
                        <span className="text-muted-foreground block text-xs">by {message.created_by}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
