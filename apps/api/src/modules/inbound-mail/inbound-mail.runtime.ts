import type { FastifyBaseLogger } from 'fastify';
import type { InboundConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Effects } from '../../lib/effects.js';
import { replyTokenKey } from '../../lib/mail-thread.js';
import type { MailThreading } from '../../lib/mailer.js';
import { getCompanySettings } from '../settings/settings.service.js';
import type { InboundContext, InboundOutcome } from './inbound-mail.pipeline.js';
import { ImapPoller, InboundSmtpListener } from './inbound-mail.receivers.js';

/** The address inside `Name <address>` (or the string itself), lower case. */
export function bareAddress(sender: string): string {
  return (/<([^<>]+)>/.exec(sender)?.[1] ?? sender).trim().toLowerCase();
}

/**
 * Tickets by e-mail in one process (decision 168): the pipeline's context (support address: the
 * configured INBOUND_EMAIL_ADDRESS, else the company's e-mail of Configuración, else SMTP_FROM's
 * address), the outbound threading the mail dispatcher uses, and the receivers this process runs.
 */
export class InboundMailRuntime {
  readonly key: Buffer;
  smtp: InboundSmtpListener | null = null;
  imap: ImapPoller | null = null;

  constructor(
    private readonly db: Db,
    readonly config: InboundConfig,
    private readonly deps: {
      jwtSecret: string;
      smtpFrom: string;
      publicUrl: string;
      publish: (fx: Effects) => void;
      log: FastifyBaseLogger;
      onHandled?: (outcome: InboundOutcome) => void;
    },
  ) {
    this.key = replyTokenKey(deps.jwtSecret);
  }

  /** The support address now (configuration, else Configuración → Empresa, else SMTP_FROM). */
  async supportAddress(): Promise<string> {
    if (this.config.address) return this.config.address;
    const company = await getCompanySettings(this.db);
    return (company.email?.trim() || bareAddress(this.deps.smtpFrom)).toLowerCase();
  }

  /** What the pipeline needs for one message. */
  async context(): Promise<InboundContext> {
    return {
      key: this.key,
      supportAddress: await this.supportAddress(),
      ownAddresses: [bareAddress(this.deps.smtpFrom)],
      publish: this.deps.publish,
      publicUrl: this.deps.publicUrl,
    };
  }

  /** For the mail dispatcher: sign plus addresses and read the support address when sending. */
  threading(): MailThreading {
    return { key: this.key, supportAddress: () => this.supportAddress() };
  }

  /** Starts the SMTP listener on `port` (INBOUND_SMTP_PORT; tests pass 0). */
  async startSmtp(port: number): Promise<InboundSmtpListener> {
    const listener = new InboundSmtpListener(
      this.db,
      () => this.context(),
      this.deps.log,
      this.deps.onHandled,
    );
    await listener.start(port, this.config.smtpHost);
    this.smtp = listener;
    return listener;
  }

  /** The IMAP poller of `url` (not started: call `start()`, or `poll()` once). */
  imapPoller(url: string): ImapPoller {
    this.imap = new ImapPoller(
      this.db,
      () => this.context(),
      { url, folder: this.config.imapFolder, intervalSeconds: this.config.imapIntervalSeconds },
      this.deps.log,
    );
    return this.imap;
  }

  async stop(): Promise<void> {
    await Promise.all([this.smtp?.stop(), this.imap?.stop()]);
  }
}
