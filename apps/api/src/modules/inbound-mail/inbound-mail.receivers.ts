import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow as ImapFlowClient } from 'imapflow';
import type { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/client.js';
import { plusTagOf } from '../../lib/mail-thread.js';
import { PassLoop } from '../../lib/pass-loop.js';
import {
  handleInboundMail,
  type InboundContext,
  type InboundOutcome,
  touchSource,
} from './inbound-mail.pipeline.js';

/** Largest message the listener accepts (bytes): 25 MB, the common provider limit. */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;

/** Builds the pipeline's context when a message arrives (the support address may change in Configuración). */
export type ContextSource = () => Promise<InboundContext>;

/**
 * The SMTP listener (decision 168): the domain's MX, or a relay's forward target, on
 * `INBOUND_SMTP_PORT`. Accepts mail only for the support address and its plus addresses (550 for
 * any other recipient: it never relays), hands each message to the pipeline and answers 250 once
 * the message is stored (handled, or kept as `failed` with its error).
 */
export class InboundSmtpListener {
  private server: SMTPServer | null = null;
  port = 0;

  constructor(
    private readonly db: Db,
    private readonly context: ContextSource,
    private readonly log: FastifyBaseLogger,
    private readonly onHandled: (outcome: InboundOutcome) => void = () => {},
  ) {}

  /** Listens on `port` (0: any free port; read {@link port} afterwards). */
  async start(port: number, host: string): Promise<void> {
    // Loaded when a listener is configured (off by default): start-up stays lean (decision 175).
    const { SMTPServer: Server } = await import('smtp-server');
    const server = new Server({
      name: 'agencia-inbound',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      disableReverseLookup: true,
      size: INBOUND_MAX_BYTES,
      onRcptTo: (address, _session, callback) => {
        this.context()
          .then((ctx) => {
            if (plusTagOf(address.address, ctx.supportAddress) === null) {
              const err = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
              err.responseCode = 550;
              callback(err);
            } else callback();
          })
          .catch((err: Error) => callback(err));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            const err = new Error('5.3.4 Message too big') as Error & { responseCode: number };
            err.responseCode = 552;
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks);
          this.context()
            .then((ctx) =>
              handleInboundMail({
                db: this.db,
                raw,
                source: 'smtp',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                context: ctx,
              }),
            )
            .then((outcome) => {
              this.onHandled(outcome);
              callback();
            })
            .catch((err: Error) => {
              this.log.warn({ err: err.message }, 'inbound smtp: message not stored');
              const tempfail = new Error('4.3.0 Try again later') as Error & { responseCode: number };
              tempfail.responseCode = 451;
              callback(tempfail);
            });
        });
      },
    });
    server.on('error', (err) => {
      this.log.warn({ err: err.message }, 'inbound smtp error');
      void touchSource({
        db: this.db,
        source: 'smtp',
        patch: { lastError: err.message, lastErrorAt: new Date() },
      }).catch(() => {});
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    await touchSource({
      db: this.db,
      source: 'smtp',
      patch: { detail: `puerto ${this.port}`, lastCheckAt: new Date() },
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** `imaps://user:pass@host:993` → ImapFlow options; the folder comes separately. */
export function imapOptions(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
    logger: false as const,
    // Plain imap:// is for a server on this machine or network (and the tests); never upgrade then.
    doSTARTTLS: secure ? undefined : false,
  };
}

/** Shown in Configuración → Correos: host and folder, never the credentials. */
export function imapDetail(url: string, folder: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}/${folder}`;
}

/**
 * IMAP polling (decision 168): for Google Workspace / Microsoft 365 mailboxes. Every
 * `intervalSeconds` it opens the folder, reads the unseen messages, hands each to the pipeline and
 * flags it `\Seen`. Several processes may poll the same mailbox: the pipeline's Message-ID claim
 * keeps each message handled once. A connection error is recorded on the source and retried at the
 * next pass.
 */
export class ImapPoller {
  private readonly loop: PassLoop<number>;

  constructor(
    private readonly db: Db,
    private readonly context: ContextSource,
    private readonly opts: { url: string; folder: string; intervalSeconds: number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PassLoop({
      run: () => this.poll(),
      everyMs: () => this.opts.intervalSeconds * 1000,
      onError: (err) => {
        this.log.warn({ err: (err as Error).message }, 'inbound imap poll failed');
        return 0;
      },
    });
  }

  start(): void {
    this.loop.start();
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass: returns how many messages were handed to the pipeline. Records errors on the source. */
  async poll(): Promise<number> {
    const { ImapFlow } = await import('imapflow');
    const client: ImapFlowClient = new ImapFlow(imapOptions(this.opts.url));
    const detail = imapDetail(this.opts.url, this.opts.folder);
    let handled = 0;
    try {
      await client.connect();
      const lock = await client.getMailboxLock(this.opts.folder);
      try {
        const uids = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of uids) {
          const message = await client.fetchOne(String(uid), { source: true, envelope: true }, { uid: true });
          if (message === false || !message.source) continue;
          const ctx = await this.context();
          await handleInboundMail({ db: this.db, raw: message.source, source: 'imap', context: ctx });
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          handled++;
        }
      } finally {
        lock.release();
      }
      await client.logout();
      await touchSource({ db: this.db, source: 'imap', patch: { detail, lastCheckAt: new Date() } });
    } catch (err) {
      client.close();
      const message = (err as { responseText?: string }).responseText ?? (err as Error).message;
      await touchSource({
        db: this.db,
        source: 'imap',
        patch: {
          detail,
          lastCheckAt: new Date(),
          lastError: String(message).slice(0, 500),
          lastErrorAt: new Date(),
        },
      });
      throw err;
    }
    return handled;
  }
}
