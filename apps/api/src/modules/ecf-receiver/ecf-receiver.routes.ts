import {
  CommercialApprovalRequestSchema,
  type EcfBuyerApprovalAnswer,
  EcfReceiverTokenSchema,
  GetReceivedEcfResponseSchema,
  IdParamsSchema,
  ListReceivedEcfQuerySchema,
  ListReceivedEcfResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EcfConfig } from '../../config.js';
import { publish } from '../../lib/effects.js';
import { AppError } from '../../lib/errors.js';
import { fieldText } from '../../lib/multipart.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { ECF_RECEIVER_PERMISSIONS, ecfReceiverPolicy } from './ecf-receiver.policy.js';
import {
  answerReceived,
  getReceived,
  getReceivedXml,
  listReceived,
  receiveBuyerApproval,
  receiveEcf,
  receiverRnc,
  receiverSigningKey,
  type SendCommercialApproval,
} from './ecf-receiver.service.js';
import {
  exchangeSignedSeed,
  issueSeed,
  memorySeedLedger,
  ReceiverError,
  receiverKeys,
  redisSeedLedger,
  requireReceiverToken,
} from './ecf-receiver-auth.js';
import { inspectInline, type XmlInspect } from './ecf-receiver-inspect.js';
import { sharedOrLocalSeedLedger } from './ecf-receiver-ledger.js';
import {
  RECEIVER_LIMITS,
  XML_SHAPE_MESSAGES,
  type XmlShapeLimits,
  xmlShapeProblem,
} from './ecf-receiver-limits.js';
import { receiverTrust } from './ecf-receiver-trust.js';

/** Options of {@link ecfReceiverRoutes} (registered once in app.ts, outside the `/api` prefix). */
export interface EcfReceiverRoutesOptions {
  /** The app's JWT secret: the receiver's token and seed keys are derived from it. */
  jwtSecret: Uint8Array;
  /** e-CF configuration (the sealing key that opens the agency's certificate). */
  ecf: EcfConfig;
  /**
   * Sends a signed ACECF to the DGII (the DGII client is written elsewhere). Absent: the answer is
   * stored as not yet sent.
   */
  sendCommercialApproval?: SendCommercialApproval;
  /**
   * Where received documents are parsed and their signatures verified: the app passes its worker
   * pool (`XmlWorkerPool.inspect`), so the heavy work never runs on the event loop. Default: inline.
   */
  inspect?: XmlInspect;
  /** Called after an e-CF is stored "por verificar": the app wakes its verifier. */
  onReceived?: () => void;
}

/**
 * The public receiver's paths, as the DGII names them ("Descripción Técnica de Facturación
 * Electrónica", "Estándar de comunicación Emisor-Receptor"): the authentication (optional for the
 * DGII, required here before reception), reception of e-CF and reception of commercial approvals.
 */
export const RECEIVER_PATHS = {
  seed: '/fe/autenticacion/api/semilla',
  validateCertificate: '/fe/autenticacion/api/validacioncertificado',
  reception: '/fe/recepcion/api/ecf',
  commercialApproval: '/fe/aprobacioncomercial/api/ecf',
} as const;

/**
 * Per-IP limits of the public routes (a minute each). `allowList` is reset because the app's
 * global limiter allow-lists every path outside `/api`.
 */
const limit = (max: number) => ({ max, timeWindow: '1 minute', allowList: () => false });
const LIMITS = {
  seed: limit(60),
  validateCertificate: limit(30),
  reception: limit(300),
  fallback: limit(60),
};

const XML_TYPE = 'application/xml; charset=utf-8';

/** Room for the multipart envelope (boundaries, part headers, small fields) around the XML. */
const MULTIPART_OVERHEAD = 16 * 1024;

/**
 * Refuses at once (413) a request whose Content-Length says more than `limits` allow, before a
 * byte of its body is read (issue 43, item 1).
 */
function refuseLargeBody(req: FastifyRequest, reply: FastifyReply, limits: XmlShapeLimits): void {
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > limits.maxBytes + MULTIPART_OVERHEAD) {
    // The body is never read: once the answer is out the connection is dropped, rather than
    // draining megabytes nobody will look at (Node reads an unread body to its end otherwise).
    reply.raw.once('finish', () => req.raw.destroy());
    throw new ReceiverError(413, 'xml_demasiado_grande', 'El archivo XML excede el tamaño permitido.');
  }
}

/**
 * Reads the `xml` part of a multipart/form-data request (a file part, or a plain field), the
 * DGII's input for every receiver service (`-F 'xml=@archivo.xml'`), within the route's `limits`:
 * at most `maxBytes` (413 past it, from @fastify/multipart, without reading further), then the
 * streaming shape check ({@link xmlShapeProblem}: depth, elements, attributes, no DOCTYPE) on the
 * raw bytes, before any parser sees them. A leading BOM is dropped. Throws {@link ReceiverError}
 * 400 when the request is not multipart, has no `xml` part, holds NUL characters or fails the
 * shape check.
 */
async function readXmlPart(req: FastifyRequest, limits: XmlShapeLimits): Promise<string> {
  if (!req.isMultipart())
    throw new ReceiverError(400, 'xml_requerido', 'Envíe el XML como multipart/form-data en el campo «xml».');
  let xml: Buffer | null = null;
  const parts = req.parts({
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: limits.maxBytes },
  });
  for await (const part of parts) {
    const isXml = part.fieldname.toLowerCase() === 'xml';
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (isXml) xml = data;
    } else if (isXml)
      // A field cut at the size limit is refused, not parsed cut (decision 162).
      xml = Buffer.from(
        fieldText(
          part,
          () => new ReceiverError(413, 'xml_demasiado_grande', 'El archivo XML excede el tamaño permitido.'),
        ),
        'utf8',
      );
  }
  if (xml === null) throw new ReceiverError(400, 'xml_requerido', 'Falta el archivo XML en el campo «xml».');
  if (xml.includes(0))
    throw new ReceiverError(400, 'xml_invalido', 'El XML contiene caracteres no permitidos.');
  const problem = xmlShapeProblem(xml, limits);
  if (problem)
    throw new ReceiverError(
      400,
      problem === 'declaration' ? 'xml_invalido' : 'xml_demasiado_complejo',
      XML_SHAPE_MESSAGES[problem],
    );
  return xml.toString('utf8').replace(/^\uFEFF/, '');
}

/** Busboy's errors for a broken multipart body carry no status: they are the sender's fault. */
const BROKEN_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed)/;

/**
 * The public receiver: `GET /fe/autenticacion/api/semilla`, `POST
 * /fe/autenticacion/api/validacioncertificado`, `POST /fe/recepcion/api/ecf`, `POST
 * /fe/aprobacioncomercial/api/ecf` (no portal session; rate limited per IP). Paths are also
 * answered in any letter case (the report asks services not to be case sensitive). Every failure
 * answers `{error, mensaje}` with a 4xx status (503 while no certificate or RNC is set up).
 */
const publicReceiverRoutes: FastifyPluginAsyncZod<EcfReceiverRoutesOptions> = async (app, opts) => {
  const keys = receiverKeys(opts.jwtSecret);
  const ledger =
    app.redis && app.redisStatus
      ? sharedOrLocalSeedLedger(redisSeedLedger(app.redis), memorySeedLedger(), app.redisStatus)
      : memorySeedLedger();
  const inspect = opts.inspect ?? inspectInline;
  const trust = receiverTrust(opts.ecf);
  if (trust.enforced && trust.anchors.length === 0)
    app.log.error(
      'e-CF receiver: DGII_ECF_ENV is eCF but no certification authority is trusted (apps/api/trust/dgii-ca, ECF_TRUSTED_CA_FILE): every document will be refused',
    );
  const tags = ['e-CF receptor'];

  app.setErrorHandler((err: FastifyError | AppError | ReceiverError, req, reply) => {
    const send = (status: number, error: string, mensaje: string) =>
      reply.code(status).type('application/json; charset=utf-8').send({ error, mensaje });
    // A body refused for its size is not read to its end: the connection is closed instead.
    if (err.statusCode === 413) reply.header('connection', 'close');
    if (err instanceof ReceiverError) return send(err.statusCode, err.error, err.message);
    if (err instanceof AppError) return send(err.statusCode, err.code.toLowerCase(), err.message);
    const status = err.statusCode;
    if (status === 429)
      return send(429, 'demasiadas_solicitudes', 'Demasiadas solicitudes. Intente nuevamente en un minuto.');
    if (status === 413)
      return send(413, 'xml_demasiado_grande', 'El archivo XML excede el tamaño permitido.');
    if (status === 415 || status === 406)
      return send(415, 'tipo_no_soportado', 'Envíe el XML como multipart/form-data en el campo «xml».');
    if ((status !== undefined && status >= 400 && status < 500) || BROKEN_MULTIPART.test(err.message)) {
      req.log.info({ err }, 'e-CF receiver: client error');
      return send(status && status < 500 ? status : 400, 'solicitud_invalida', 'La solicitud no es válida.');
    }
    req.log.error({ err }, 'e-CF receiver: unhandled error');
    return send(500, 'error_interno', 'Error interno del receptor.');
  });

  // Seeds, tokens and acknowledgements are single-use answers: never cached.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const seed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type(XML_TYPE).send(issueSeed(keys.seedKey).xml);

  const validateCertificate = async (req: FastifyRequest, reply: FastifyReply) => {
    refuseLargeBody(req, reply, RECEIVER_LIMITS.seed);
    const xml = await readXmlPart(req, RECEIVER_LIMITS.seed);
    return reply.send(await exchangeSignedSeed({ keys, ledger, xml, inspect, trust }));
  };

  const reception = async (req: FastifyRequest, reply: FastifyReply) => {
    refuseLargeBody(req, reply, RECEIVER_LIMITS.ecf);
    await requireReceiverToken(keys, req.headers.authorization);
    const key = await receiverSigningKey({ db: app.db, config: opts.ecf });
    const ourRnc = await receiverRnc(app.db);
    const xml = await readXmlPart(req, RECEIVER_LIMITS.ecf);
    const outcome = await receiveEcf({ db: app.db, key, ourRnc, xml, inspect, trust });
    publish(app, outcome.effects);
    if (outcome.id) opts.onReceived?.();
    req.log.info({ ecfReceived: { id: outcome.id, notReceivedReason: outcome.reason } }, 'e-CF received');
    return reply.type(XML_TYPE).send(outcome.acknowledgementXml);
  };

  const commercialApproval = async (req: FastifyRequest, reply: FastifyReply) => {
    refuseLargeBody(req, reply, RECEIVER_LIMITS.approval);
    await requireReceiverToken(keys, req.headers.authorization);
    const ourRnc = await receiverRnc(app.db);
    const xml = await readXmlPart(req, RECEIVER_LIMITS.approval);
    const result = await receiveBuyerApproval({ db: app.db, ourRnc, xml, inspect, trust });
    const answer: EcfBuyerApprovalAnswer = {
      estado: 'Recibido',
      mensaje: result.duplicate
        ? `La aprobación comercial del e-NCF ${result.encf} ya había sido recibida.`
        : `Aprobación comercial del e-NCF ${result.encf} recibida.`,
    };
    return reply.send(answer);
  };

  app.get(
    RECEIVER_PATHS.seed,
    {
      config: { rateLimit: LIMITS.seed },
      schema: {
        tags,
        summary: 'Semilla de autenticación del receptor e-CF (XML SemillaModel)',
        security: [],
      },
    },
    seed,
  );
  app.post(
    RECEIVER_PATHS.validateCertificate,
    {
      config: { rateLimit: LIMITS.validateCertificate },
      schema: {
        tags,
        summary: 'Validar la semilla firmada (multipart «xml») y obtener un token de 1 hora',
        security: [],
        response: { 200: EcfReceiverTokenSchema },
      },
    },
    validateCertificate,
  );
  app.post(
    RECEIVER_PATHS.reception,
    {
      config: { rateLimit: LIMITS.reception },
      schema: {
        tags,
        summary: 'Recibir un e-CF de un proveedor (multipart «xml»): responde el ARECF firmado',
      },
    },
    reception,
  );
  app.post(
    RECEIVER_PATHS.commercialApproval,
    {
      config: { rateLimit: LIMITS.reception },
      schema: { tags, summary: 'Recibir la aprobación comercial (ACECF) de un comprador (multipart «xml»)' },
    },
    commercialApproval,
  );

  // The same services in any letter case ("Servicios no sensitivos a mayúsculas y minúsculas"):
  // the exact paths above win; anything else under /fe is matched lower-cased.
  const byPath: Record<
    string,
    Record<string, (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>>
  > = {
    [RECEIVER_PATHS.seed]: { GET: seed, HEAD: seed },
    [RECEIVER_PATHS.validateCertificate]: { POST: validateCertificate },
    [RECEIVER_PATHS.reception]: { POST: reception },
    [RECEIVER_PATHS.commercialApproval]: { POST: commercialApproval },
  };
  for (const prefix of ['/fe', '/FE', '/Fe']) {
    app.route({
      method: ['GET', 'POST'],
      url: `${prefix}/*`,
      config: { rateLimit: LIMITS.fallback },
      schema: { hide: true },
      handler: async (req, reply) => {
        const path = req.url.split('?')[0]!.toLowerCase().replace(/\/+$/, '');
        const handler = byPath[path]?.[req.method];
        if (!handler) throw new ReceiverError(404, 'no_encontrado', 'Servicio del receptor no encontrado.');
        return handler(req, reply);
      },
    });
  }
};

/**
 * Admin view of the e-CF received from suppliers (under `/api`): `GET /fiscal/received` (paged,
 * filter `approvalStatus`), `GET /fiscal/received/{id}`, `GET /fiscal/received/{id}/xml` (as
 * stored) and `POST /fiscal/received/{id}/approval` (signed ACECF; 409 when already answered).
 * Admin only (ecf-receiver.policy.ts).
 */
const adminReceivedRoutes: FastifyPluginAsyncZod<EcfReceiverRoutesOptions> = async (app, opts) => {
  const { writeCall, guard: policyGuard } = routeKit(app, ecfReceiverPolicy);
  const guard = (action: 'read' | 'approve') => policyGuard(ECF_RECEIVER_PERMISSIONS[action], action);
  const tags = ['fiscal'];
  const documentEnvelope = successEnvelope(GetReceivedEcfResponseSchema);

  app.get(
    '/fiscal/received',
    {
      ...guard('read'),
      schema: {
        tags,
        summary: 'e-CF recibidos de proveedores (admin)',
        querystring: ListReceivedEcfQuerySchema,
        response: { 200: successEnvelope(ListReceivedEcfResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listReceived({ db: app.db, query: req.query, config: opts.ecf }),
    }),
  );

  app.get(
    '/fiscal/received/:id',
    {
      ...guard('read'),
      schema: {
        tags,
        summary: 'Un e-CF recibido, con su acuse de recibo y su aprobación comercial (admin)',
        params: IdParamsSchema,
        response: { 200: documentEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { document: await getReceived({ db: app.db, id: req.params.id }) },
    }),
  );

  app.get(
    '/fiscal/received/:id/xml',
    {
      ...guard('read'),
      schema: { tags, summary: 'El XML del e-CF recibido, tal como llegó (admin)', params: IdParamsSchema },
    },
    async (req, reply) => {
      const { fileName, xml } = await getReceivedXml({ db: app.db, id: req.params.id });
      return reply.type(XML_TYPE).header('Content-Disposition', contentDisposition(fileName)).send(xml);
    },
  );

  app.post(
    '/fiscal/received/:id/approval',
    {
      ...guard('approve'),
      schema: {
        tags,
        summary: 'Aprobar o rechazar comercialmente un e-CF recibido (ACECF firmado) (admin)',
        params: IdParamsSchema,
        body: CommercialApprovalRequestSchema,
        response: { 200: documentEnvelope },
      },
    },
    async (req) => {
      const document = await answerReceived({
        ...writeCall(req),
        config: opts.ecf,
        id: req.params.id,
        approved: req.body.approved,
        reason: req.body.reason,
        send: opts.sendCommercialApproval,
        onSendError: (err) => req.log.warn({ err }, 'ACECF could not be sent to the DGII'),
      });
      return { success: true as const, data: { document } };
    },
  );
};

/**
 * The e-CF receiver (issue 26, "Receiving"): the public DGII paths under `/fe` and the admin
 * routes under `/api/fiscal/received`. Register it once, outside the `/api` prefix.
 */
const ecfReceiverRoutes: FastifyPluginAsyncZod<EcfReceiverRoutesOptions> = async (app, opts) => {
  await app.register(publicReceiverRoutes, opts);
  await app.register(adminReceivedRoutes, { ...opts, prefix: '/api' });
};

export default ecfReceiverRoutes;
