// A page's message after a form: a refusal (an alert, read out at once) or what was done (a note, a status).
export interface NoticeMessage {
  kind: 'alert' | 'note';
  text: string;
}

export function Notice({ message }: { message: NoticeMessage | null | undefined }) {
  if (!message) return null;
  return (
    <div className={message.kind} role={message.kind === 'alert' ? 'alert' : 'status'}>
      {message.text}
    </div>
  );
}
