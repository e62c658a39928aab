import { randomUUID } from 'node:crypto';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@agencia/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig, AzulConfig, EcfConfig } from './config.js';
import type { Database } from './db/client.js';
import { publish } from './lib/effects.js';
import { badRequest } from './lib/errors.js';
import { MailDispatcher, type MailDispatcherOptions } from './lib/mailer.js';
import { setListTotalCap } from './lib/paging.js';
import { WEB_DIST_DIR } from './lib/paths.js';
import auditRoutes from './modules/audit/audit.routes.js';
import accountRoutes from './modules/auth/account.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { migrateTotpSecrets, TotpSecretBox } from './modules/auth/two-factor.js';
import backupsRoutes from './modules/backups/backups.routes.js';
import { backupSettings } from './modules/backups/backups.service.js';
import bankRoutes from './modules/bank/bank.routes.js';
import billableExpensesRoutes from './modules/billable-expenses/billable-expenses.routes.js';
import billableTimeRoutes from './modules/billable-time/billable-time.routes.js';
import calendarRoutes from './modules/calendar/calendar.routes.js';
import { CertificationRunner } from './modules/certification/certification-runner.js';
import certificationTestSetsRoutes from './modules/certification/certification-test-sets.routes.js';
import certificationWizardRoutes from './modules/certification/certification-wizard.routes.js';
import clientsRoutes from './modules/clients/clients.routes.js';
import dashboardRoutes from './modules/dashboard/dashboard.routes.js';
import ecfRoutes from './modules/ecf/ecf.routes.js';
import { setEcfConfig } from './modules/ecf/ecf-runtime.js';
import { EcfSender } from './modules/ecf/ecf-sender.js';
import { commercialApprovalSender } from './modules/ecf/ecf-settings.service.js';
import ecfReceiverRoutes from './modules/ecf-receiver/ecf-receiver.routes.js';
import { XmlWorkerPool } from './modules/ecf-receiver/ecf-receiver-pool.js';
import { ReceivedEcfVerifier } from './modules/ecf-receiver/ecf-receiver-verify.js';
import expensesRoutes from './modules/expenses/expenses.routes.js';
import suppliersRoutes from './modules/expenses/suppliers.routes.js';
import dgiiReportsRoutes from './modules/fiscal/dgii-reports.routes.js';
import fiscalRoutes from './modules/fiscal/fiscal.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import inboundMailRoutes from './modules/inbound-mail/inbound-mail.routes.js';
import { InboundMailRuntime } from './modules/inbound-mail/inbound-mail.runtime.js';
import invoicesRoutes from './modules/invoices/invoices.routes.js';
import { appJobs } from './modules/jobs/jobs.registry.js';
import jobsRoutes from './modules/jobs/jobs.routes.js';
import { JobRunner } from './modules/jobs/jobs.runner.js';
import leadsRoutes from './modules/leads/leads.routes.js';
import mailRoutes from './modules/mail/mail.routes.js';
import navRoutes from './modules/nav/nav.routes.js';
import notificationsRoutes from './modules/notifications/notifications.routes.js';
import { azulFormOrigins } from './modules/payments/azul-payment-page.js';
import paymentsRoutes from './modules/payments/payments.routes.js';
import profitabilityRoutes from './modules/profitability/profitability.routes.js';
import projectsRoutes from './modules/projects/projects.routes.js';
import proposalsRoutes from './modules/proposals/proposals.routes.js';
import signingRoutes from './modules/proposals/signing.routes.js';
import pushRoutes from './modules/push/push.routes.js';
import { PushSender, type PushSenderOptions } from './modules/push/push.sender.js';
import quotesRoutes from './modules/quotes/quotes.routes.js';
import recurringInvoicesRoutes from './modules/recurring-invoices/recurring-invoices.routes.js';
import registrationRoutes from './modules/registration/registration.routes.js';
import remindersRoutes from './modules/reminders/reminders.routes.js';
import reportsRoutes from './modules/reports/reports.routes.js';
import publicRequestsRoutes from './modules/requests/public-requests.routes.js';
import requestsRoutes from './modules/requests/requests.routes.js';
import seoRoutes from './modules/seo/seo.routes.js';
import settingsRoutes from './modules/settings/settings.routes.js';
import { getCompanySettings } from './modules/settings/settings.service.js';
import shareLinksRoutes from './modules/share-links/share-links.routes.js';
import tasksRoutes from './modules/tasks/tasks.routes.js';
import ticketsRoutes from './modules/tickets/tickets.routes.js';
import uploadsRoutes from './modules/uploads/uploads.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import answerCachePlugin from './plugins/answer-cache.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import metricsPlugin from './plugins/metrics.js';
import { sharedOrLocalStore } from './plugins/rate-limit-store.js';
import redisPlugin from './plugins/redis.js';
import securityHeaders from './plugins/security-headers.js';
import { type Contact, readPrerenderManifest, registerWeb } from './plugins/web.js';
import realtime from './realtime/realtime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP dispatcher when SMTP_URL is set, else null (emails stay in the outbox). */
    mailer: MailDispatcher | null;
    /** PUBLIC_URL without a trailing slash: the base of every link the API hands out. */
    publicUrl: string;
    /** SMTP_FROM: the sender of outgoing e-mail (shown in the integrations tab). */
    smtpFrom: string;
    /** The scheduled-jobs runner (decision 110); its timer runs only when JOBS_ENABLED. */
    jobs: JobRunner;
    /** The DGII's e-CF services and the sealing key (issue 26). */
    ecfConfig: EcfConfig;
    /** The e-CF outbox sender (issue 26); its timer runs only when JOBS_ENABLED. */
    ecfSender: EcfSender;
    /** The DGII certification test-set runner (issue 41); its timer runs only when JOBS_ENABLED. */
    certificationRunner: CertificationRunner;
    /** Confirms received e-CF with the DGII's consulta de estado (decision 161). */
    receivedEcfVerifier: ReceivedEcfVerifier;
    /** Azul's Payment Page URL override (decision 147). */
    azulConfig: AzulConfig;
    /** Tickets by e-mail (decision 168): context, outbound threading and this process's receivers. */
    inboundMail: InboundMailRuntime;
    /** Sends the Web Push outbox (decision 169); its timer runs only when JOBS_ENABLED. */
    pushSender: PushSender;
  }
}

/** What {@link buildApp} needs: configuration and an open, migrated database. */
export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database when the app closes (true in production; tests manage it). */
  closeDatabase?: boolean;
  /** Pino logger on (default true; tests pass false). */
  logger?: boolean;
  /** Where the JSON log lines go (default stdout); tests read them to check what is logged. */
  logStream?: { write(line: string): void };
  /** E-mail dispatcher tuning (interval, backoff); tests shrink it, production uses the defaults. */
  mail?: MailDispatcherOptions;
  /** Web Push sender tuning (interval, backoff, HTTPS agent); tests point it at a fake push service. */
  push?: PushSenderOptions;
}

/** Log redaction: credentials and tokens never reach the logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.passwordHash',
  '*.password_hash',
  '*.challengeToken',
  '*.totpSecret',
  '*.totp_secret',
  '*.secret',
  '*.recoveryCodes',
  '*.recoveryCode',
  '*.otpauthUrl',
  '*.params',
];

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives one of this app's plugins fastify's display name (its function name, which fastify falls
 * back to anyway). Without it fastify looks for a CommonJS module exporting the plugin by walking
 * the whole `require.cache` — a thousand entries, twice per plugin — which cost 70–170 ms of every
 * start-up (issue 49, decision 175). A plugin that already has a display name keeps it.
 */
function named<T extends { name: string }>(plugin: T): T {
  if (!(DISPLAY_NAME in plugin) && plugin.name)
    Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
  return plugin;
}

/**
 * Builds the Fastify app. Plugins register in a fixed order: external (helmet, cookies,
 * rate limit, swagger, db) → app (auth, realtime) → modules → web (STYLE.md).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  setListTotalCap(config.listTotalCap);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to the server (what Fastify does for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Pre-rendered public pages carry one inline script (the colour scheme), allowed by its hash.
  const prerender = config.serveWeb ? readPrerenderManifest(WEB_DIST_DIR) : null;
  await app.register(named(securityHeaders), {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(prerender?.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        // The proposal's exact PDF, fetched with the session's token into a blob URL and shown in
        // an iframe (decision 173); blob: URLs are made by the page's own script only.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        // The card form goes to Azul's Payment Page (decision 147).
        formAction: ["'self'", ...azulFormOrigins(config.azul.paymentPageUrl)],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies ? undefined : false,
  });
  await app.register(fastifyCookie);
  // Uploads: 10 MB per file, 5 files, 50 fields per request; features set stricter limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50, fieldSize: 100_000 },
  });
  await app.register(named(redisPlugin), { redisUrl: config.redisUrl });
  await app.register(fastifyRateLimit, {
    global: true,
    // Shared across app processes when REDIS_URL is set (per process while Redis is gone,
    // decision 162); per process otherwise.
    ...(app.redis && app.redisStatus ? { store: sharedOrLocalStore(app.redis, app.redisStatus) } : {}),
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'API del portal de la agencia',
        version: '1.0.0',
        description: 'Respuestas en el sobre { success, data } / { success: false, message, code, errors }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(named(dbPlugin), {
    database: opts.database,
    closeOnShutdown: opts.closeDatabase ?? false,
  });
  await app.register(named(metricsPlugin), {
    token: config.metricsToken,
    database: opts.database,
    backupDir: config.backup.dir,
  });
  const jwtSecret = new TextEncoder().encode(config.jwtSecret);
  await app.register(named(authPlugin), { jwtSecret });
  await app.register(named(answerCachePlugin), {
    ttlMs: config.answerCacheTtlMs,
    writeEpoch: opts.database.writeEpoch,
  });
  // TOTP secrets under their own key; v1 values (JWT-derived key) are resealed before serving.
  const totpSecrets = new TotpSecretBox(config.totpEncryptionKey, jwtSecret);
  const totpMigration = await migrateTotpSecrets(opts.database.db, totpSecrets);
  if (totpMigration.migrated > 0)
    app.log.info(
      { migrated: totpMigration.migrated },
      'two-factor secrets resealed with TOTP_ENCRYPTION_KEY',
    );
  if (totpMigration.unreadable > 0)
    app.log.error(
      { unreadable: totpMigration.unreadable },
      'two-factor secrets sealed under an earlier JWT_SECRET cannot be opened; those users sign in with a recovery code',
    );
  await app.register(named(realtime), { jwtSecret });

  // Tickets by e-mail (decision 168): threading of outgoing ticket mail, the SMTP listener and
  // IMAP polling feeding one pipeline.
  const inboundMail = new InboundMailRuntime(opts.database.db, config.inbound, {
    jwtSecret: config.jwtSecret,
    smtpFrom: config.smtpFrom,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    publish: (fx) => publish(app, fx),
    log: app.log,
  });
  app.decorate('inboundMail', inboundMail);
  if (config.inbound.smtpPort) {
    const port = config.inbound.smtpPort;
    app.addHook('onReady', async () => {
      await inboundMail.startSmtp(port);
    });
  }
  if (config.inbound.imapUrl && config.jobsEnabled) {
    const poller = inboundMail.imapPoller(config.inbound.imapUrl);
    app.addHook('onReady', async () => poller.start());
  }
  app.addHook('onClose', async () => inboundMail.stop());

  // Outbound email: with SMTP_URL a dispatcher sends the outbox; without it emails stay queued.
  const mailer = config.smtpUrl
    ? new MailDispatcher(
        opts.database.db,
        config.smtpUrl,
        config.smtpFrom,
        app.log,
        opts.mail,
        inboundMail.threading(),
      )
    : null;
  app.decorate('mailer', mailer);
  app.decorate('smtpFrom', config.smtpFrom);
  app.decorate('publicUrl', config.publicUrl.replace(/\/+$/, ''));
  app.decorate('ecfConfig', config.ecf);
  app.decorate('azulConfig', config.azul);
  setEcfConfig(config.ecf);
  if (mailer) {
    mailer.start();
    app.addHook('onClose', async () => mailer.stop());
  }

  // Web Push (decision 169): the processes that run the jobs send the push outbox (claimed rows),
  // woken when a write that stored notifications is published; the timer catches the rest.
  const pushSender = new PushSender(opts.database.db, config.webPush, app.log, opts.push);
  app.decorate('pushSender', pushSender);
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => pushSender.start());
    app.addHook('onClose', async () => pushSender.stop());
  }

  // Scheduled jobs (decision 110): every process may run the timer; the database lease picks one.
  const jobs = new JobRunner(
    opts.database.db,
    appJobs((fx) => publish(app, fx), {
      backup: { database: opts.database, settings: backupSettings(config), config: config.backup },
    }),
    app.log,
  );
  app.decorate('jobs', jobs);
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => {
      await jobs.register();
      jobs.start();
    });
    app.addHook('onClose', async () => jobs.stop());
  }

  // Direct e-CF emission (issue 26): the outbox sender, on the same processes as the jobs.
  const ecfSender = new EcfSender(opts.database.db, config.ecf, (fx) => publish(app, fx), app.log);
  app.decorate('ecfSender', ecfSender);
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => ecfSender.start());
    app.addHook('onClose', async () => ecfSender.stop());
  }
  // DGII certification test sets (issue 41, decision 158): their runner, beside the e-CF sender.
  const certificationRunner = new CertificationRunner(opts.database.db, config.ecf, app.log);
  app.decorate('certificationRunner', certificationRunner);
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => certificationRunner.start());
    app.addHook('onClose', async () => certificationRunner.stop());
  }
  // Received e-CF count once the DGII confirms them (decision 161): verified on the same processes.
  const receivedEcfVerifier = new ReceivedEcfVerifier(
    opts.database.db,
    config.ecf,
    (fx) => publish(app, fx),
    app.log,
  );
  app.decorate('receivedEcfVerifier', receivedEcfVerifier);
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => receivedEcfVerifier.start());
    app.addHook('onClose', async () => receivedEcfVerifier.stop());
  }

  // Graceful shutdown: responses finished while closing tell the client to drop the keep-alive
  // connection, so server.close() is not held open by idle sockets until their timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // Text PostgreSQL can't store (NUL, unpaired surrogates) is refused for every route, whatever
  // its contract, with the field and a Spanish message (issue 13, decision 084).
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const field = findUnsafeText(value);
      if (field)
        throw badRequest(UNSAFE_TEXT_MESSAGE, [
          { field: field === 'value' ? where : field, message: UNSAFE_TEXT_MESSAGE },
        ]);
    }
  });

  const throttle = new LoginThrottle(
    app.redis && app.redisStatus ? { client: app.redis, status: app.redisStatus } : null,
    () => app.metrics?.loginFailures.inc(),
  );
  await app.register(
    named(async function apiRoutes(api: FastifyInstance) {
      await api.register(named(healthRoutes));
      await api.register(named(authRoutes), {
        jwtSecret,
        throttle,
        secureCookies: config.secureCookies,
        totpSecrets,
      });
      await api.register(named(settingsRoutes));
      await api.register(named(accountRoutes), { totpSecrets });
      await api.register(named(usersRoutes));
      await api.register(named(auditRoutes));
      await api.register(named(uploadsRoutes));
      await api.register(named(navRoutes));
      await api.register(named(registrationRoutes), {
        jwtSecret,
        secureCookies: config.secureCookies,
        publicUrl: config.publicUrl,
      });
      await api.register(named(clientsRoutes));
      await api.register(named(leadsRoutes));
      await api.register(named(proposalsRoutes));
      await api.register(named(signingRoutes), { config });
      await api.register(named(invoicesRoutes));
      await api.register(named(paymentsRoutes));
      await api.register(named(billableTimeRoutes));
      await api.register(named(billableExpensesRoutes));
      await api.register(named(profitabilityRoutes));
      await api.register(named(shareLinksRoutes));
      await api.register(named(recurringInvoicesRoutes));
      await api.register(named(quotesRoutes));
      await api.register(named(remindersRoutes));
      await api.register(named(jobsRoutes));
      await api.register(named(backupsRoutes), { settings: backupSettings(config), backup: config.backup });
      await api.register(named(fiscalRoutes));
      await api.register(named(ecfRoutes));
      await api.register(named(certificationWizardRoutes));
      await api.register(named(dgiiReportsRoutes));
      await api.register(named(certificationTestSetsRoutes));
      await api.register(named(suppliersRoutes));
      await api.register(named(expensesRoutes));
      await api.register(named(bankRoutes));
      await api.register(named(reportsRoutes));
      await api.register(named(projectsRoutes));
      await api.register(named(dashboardRoutes));
      await api.register(named(ticketsRoutes));
      await api.register(named(tasksRoutes));
      await api.register(named(calendarRoutes));
      await api.register(named(notificationsRoutes));
      await api.register(named(pushRoutes), {
        publicKey: config.webPush.publicKey,
        requireHttps: config.publicUrl.startsWith('https://'),
      });
      await api.register(named(mailRoutes));
      await api.register(named(inboundMailRoutes), { runtime: inboundMail });
      await api.register(named(publicRequestsRoutes));
      await api.register(named(requestsRoutes));
    }),
    { prefix: '/api' },
  );
  // The receiver parses and verifies documents in a worker thread, never on the event loop
  // (issue 43): a hostile or merely large document cannot freeze the app.
  const receiverXml = new XmlWorkerPool();
  app.addHook('onClose', async () => receiverXml.close());
  await app.register(named(ecfReceiverRoutes), {
    jwtSecret,
    ecf: config.ecf,
    sendCommercialApproval: commercialApprovalSender({ db: opts.database.db, config: config.ecf }),
    inspect: receiverXml.inspect,
    onReceived: () => receivedEcfVerifier.wake(),
  });

  await app.register(named(seoRoutes), { publicUrl: config.publicUrl });
  // The company contact for the pre-rendered pages, read at most every 30 s (settings changes
  // show within that time).
  let contact: { at: number; value: Contact } | null = null;
  await registerWeb(app, WEB_DIST_DIR, config.serveWeb, prerender, async () => {
    if (contact && Date.now() - contact.at < 30_000) return contact.value;
    // Same rule as the landing's useContact: the settings' values, else the fallbacks.
    const settings = await getCompanySettings(app.db);
    const value = {
      whatsapp: settings.whatsappNumber?.replace(/\D/g, '') || (prerender?.contact?.whatsapp ?? ''),
      email: settings.email?.trim() || (prerender?.contact?.email ?? ''),
      name: settings.name?.trim() || (prerender?.contact?.name ?? ''),
    };
    contact = { at: Date.now(), value };
    return value;
  });
  return app;
}
