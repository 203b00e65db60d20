import net from 'node:net';

/**
 * A local stand-in of ClamAV's clamd (clamd(8)) on a TCP port, so the tests run the server's real scanning code
 * path (platform/antivirus.ts) over a socket, byte for byte the protocol clamd speaks:
 *  - `zPING\0` / `nPING\n` → `PONG`;
 *  - `zINSTREAM\0` / `nINSTREAM\n`, then chunks of a 4-byte unsigned big-endian length and that many bytes, ended
 *    by a zero length → `stream: OK`, or `stream: Eicar-Signature FOUND` when the bytes hold the EICAR test string
 *    (anywhere, also across chunks); more than `streamMaxLength` bytes → `INSTREAM size limit exceeded. ERROR`
 *    and the connection closed at once, as clamd does;
 *  - anything else → `UNKNOWN COMMAND`.
 * Answers end with NUL after a `z` command and with LF after an `n` one. It looks at the bytes as they come and
 * keeps only the last few (the EICAR string can span two chunks), not the file.
 */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export interface ScanRecord {
  /** Bytes received in chunks. */
  bytes: number;
  /** Chunks received (the terminator not counted). */
  chunks: number;
  /** Whether the zero-length terminator came. */
  terminated: boolean;
  /** The answer sent, without its terminator; undefined when none was. */
  reply: string | undefined;
}

export interface ClamdStandIn {
  port: number;
  /** CLAMD_URL for the server. */
  url: string;
  /** Every INSTREAM session, oldest first. */
  scans: ScanRecord[];
  /** Connections accepted (scans and pings). */
  connections(): number;
  /**
   * `answer` (default) speaks the protocol; `silent` reads everything and never answers (a hung clamd); `refuse`
   * closes every connection at once without a word.
   */
  mode: 'answer' | 'silent' | 'refuse';
  /** clamd's StreamMaxLength (default 25 MB, clamd's own default). */
  streamMaxLength: number;
  close(): Promise<void>;
}

export async function startClamdStandIn(): Promise<ClamdStandIn> {
  const scans: ScanRecord[] = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const eicar = Buffer.from(EICAR, 'latin1');

  const state: Pick<ClamdStandIn, 'mode' | 'streamMaxLength'> = {
    mode: 'answer',
    streamMaxLength: 25 * 1024 * 1024,
  };

  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.mode === 'refuse') {
      socket.destroy();
      return;
    }
    let buf = Buffer.alloc(0);
    let command: { name: string; end: string } | undefined;
    let scan: ScanRecord | undefined;
    /** Bytes left of the current chunk; undefined while a length prefix is awaited. */
    let pending: number | undefined;
    /** The tail of the bytes seen so far, for an EICAR string split across chunks. */
    let tail = Buffer.alloc(0);
    let found = false;

    const answer = (text: string, close = false) => {
      if (state.mode === 'silent') return;
      if (scan) scan.reply = text;
      socket.write(`${text}${command?.end ?? '\0'}`);
      if (close) socket.destroy();
      else socket.end();
    };

    const onChunkBytes = (bytes: Buffer) => {
      if (!scan) return;
      scan.bytes += bytes.length;
      const window = Buffer.concat([tail, bytes]);
      if (!found && window.includes(eicar)) found = true;
      tail = window.subarray(Math.max(0, window.length - eicar.length + 1));
    };

    socket.on('data', (data: Buffer) => {
      buf = Buffer.concat([buf, data]);
      if (!command) {
        const prefix = buf.subarray(0, 1).toString('latin1');
        const endChar = prefix === 'z' ? '\0' : prefix === 'n' ? '\n' : undefined;
        const at = endChar === undefined ? -1 : buf.indexOf(endChar, 1, 'latin1');
        if (endChar === undefined || (at < 0 && buf.length > 64)) {
          command = { name: '', end: '\0' };
          answer('UNKNOWN COMMAND');
          return;
        }
        if (at < 0) return;
        command = { name: buf.subarray(1, at).toString('latin1'), end: endChar };
        buf = buf.subarray(at + 1);
        if (command.name === 'PING') {
          answer('PONG');
          return;
        }
        if (command.name !== 'INSTREAM') {
          answer('UNKNOWN COMMAND');
          return;
        }
        scan = { bytes: 0, chunks: 0, terminated: false, reply: undefined };
        scans.push(scan);
      }
      if (!scan || scan.terminated) return;
      for (;;) {
        if (pending === undefined) {
          if (buf.length < 4) return;
          pending = buf.readUInt32BE(0);
          buf = buf.subarray(4);
          if (pending === 0) {
            scan.terminated = true;
            answer(found ? 'stream: Eicar-Signature FOUND' : 'stream: OK');
            return;
          }
          scan.chunks++;
        }
        if (buf.length === 0) return;
        const take = buf.subarray(0, pending);
        buf = buf.subarray(take.length);
        pending -= take.length;
        onChunkBytes(take);
        if (pending === 0) pending = undefined;
        if (scan.bytes > state.streamMaxLength) {
          answer('INSTREAM size limit exceeded. ERROR', true);
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  const standIn: ClamdStandIn = {
    port,
    url: `tcp://127.0.0.1:${port}`,
    scans,
    connections: () => accepted,
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get streamMaxLength() {
      return state.streamMaxLength;
    },
    set streamMaxLength(n) {
      state.streamMaxLength = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
