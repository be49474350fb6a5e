// A real SMTP server on 127.0.0.1 for tests, that can be switched to refuse every connection (an SMTP outage as
// nodemailer sees it) or to hold senders at MAIL FROM (inside the conversation, before any of the message is
// transmitted), recording each message it accepts by recipient, subject and Message-ID.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  port: number;
  url: string;
  /** While true, every connection and every message is refused with 421. */
  refusing: boolean;
  /** While true, MAIL FROM is answered only by release(): senders wait before transmitting anything. */
  holding: boolean;
  /** How many senders, still connected, wait on a held MAIL FROM. */
  readonly held: number;
  /** Stops holding and answers every held MAIL FROM. */
  release(): void;
  received: Array<{ to: string[]; subject: string; messageId: string; raw: string }>;
  /** How many accepted messages went to `address` with a subject starting with `subjectPrefix`. */
  count(address: string, subjectPrefix?: string): number;
  close(): Promise<void>;
}

const refusal = () => Object.assign(new Error('Service not available'), { responseCode: 421 });

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const waiting = new Map<string, () => void>();
  const state: FakeSmtp = {
    port: 0,
    url: '',
    refusing: false,
    holding: false,
    get held() {
      return waiting.size;
    },
    release() {
      state.holding = false;
      const answers = [...waiting.values()];
      waiting.clear();
      for (const answer of answers) answer();
    },
    received: [],
    count(address, subjectPrefix = '') {
      return state.received.filter(
        (message) => message.to.includes(address.toLowerCase()) && message.subject.startsWith(subjectPrefix),
      ).length;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() waits this long for open (pooled) client connections before dropping them; the default is 30 s.
    closeTimeout: 100,
    // Refused on connect and, for a pooled connection opened before the outage, on MAIL FROM.
    onConnect(_session, callback) {
      callback(state.refusing ? refusal() : undefined);
    },
    onMailFrom(_address, session, callback) {
      if (state.refusing) return callback(refusal());
      if (state.holding) return void waiting.set(session.id, () => callback());
      callback();
    },
    onClose(session) {
      waiting.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        state.received.push({ to, subject, messageId, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender killed mid-conversation resets its connection; that is expected here, not a failure of the server.
  server.on('error', () => undefined);
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
