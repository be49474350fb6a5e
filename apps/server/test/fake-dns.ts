// A tiny authoritative DNS server on loopback for tests (API and browser): UDP on 127.0.0.1, on a given port
// or an ephemeral one, answering A, CNAME and TXT questions from a mutable record map (NXDOMAIN for unknown
// names, an empty answer for a known name without records of the asked type). Point the app at it with
// DNS_SERVERS=127.0.0.1:<port>.
import dgram from 'node:dgram';

export interface FakeDnsRecords {
  A?: string[];
  CNAME?: string;
  TXT?: string[];
}

export interface FakeDns {
  port: number;
  /** Lower-case names without a trailing dot. */
  records: Map<string, FakeDnsRecords>;
  /** When set, every answer carries this response code (2 = SERVFAIL, 5 = REFUSED). */
  failWith: number | null;
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

const TYPE = { A: 1, CNAME: 5, TXT: 16 } as const;
const TYPE_NAMES: Record<number, string> = { 1: 'A', 5: 'CNAME', 16: 'TXT', 28: 'AAAA' };

function encodeName(name: string): Buffer {
  const parts = name
    .split('.')
    .filter(Boolean)
    .map((label) => {
      const bytes = Buffer.from(label, 'ascii');
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function readQuestion(message: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (message[offset] !== 0) {
    const length = message[offset] ?? 0;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  offset += 1;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), end: offset + 4 };
}

function resourceRecord(type: number, rdata: Buffer, ttl = 60): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // class IN
  head.writeUInt32BE(ttl, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function txtData(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length || offset === 0; offset += 255) {
    const chunk = bytes.subarray(offset, offset + 255);
    chunks.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(chunks);
}

export async function startFakeDns(
  options: { port?: number; records?: Record<string, FakeDnsRecords> } = {},
): Promise<FakeDns> {
  const socket = dgram.createSocket('udp4');
  const state: FakeDns = {
    port: 0,
    records: new Map(Object.entries(options.records ?? {})),
    failWith: null,
    queries: [],
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };

  socket.on('message', (message, remote) => {
    if (message.length < 12) return;
    const question = readQuestion(message);
    state.queries.push({ name: question.name, type: TYPE_NAMES[question.type] ?? String(question.type) });
    const entry = state.records.get(question.name);
    const answers: Buffer[] = [];
    let rcode = 0;
    if (state.failWith !== null) rcode = state.failWith;
    else if (!entry)
      rcode = 3; // NXDOMAIN
    else if (entry.CNAME && (question.type === TYPE.CNAME || question.type === TYPE.A)) {
      answers.push(resourceRecord(TYPE.CNAME, encodeName(entry.CNAME)));
    } else if (question.type === TYPE.A) {
      for (const address of entry.A ?? [])
        answers.push(resourceRecord(TYPE.A, Buffer.from(address.split('.').map(Number))));
    } else if (question.type === TYPE.TXT) {
      for (const value of entry.TXT ?? []) answers.push(resourceRecord(TYPE.TXT, txtData(value)));
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0); // same id
    const recursionDesired = (message.readUInt16BE(2) & 0x0100) !== 0;
    header.writeUInt16BE(0x8000 | 0x0400 | (recursionDesired ? 0x0100 : 0) | 0x0080 | rcode, 2); // QR, AA, RD, RA
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const response = Buffer.concat([header, message.subarray(12, question.end), ...answers]);
    socket.send(response, remote.port, remote.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  state.port = socket.address().port;
  return state;
}
