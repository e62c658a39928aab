import {
  EcfConnectionTestResponseSchema,
  GetEcfAlertsResponseSchema,
  GetEcfCertificateResponseSchema,
  GetEcfSubmissionResponseSchema,
  GetFiscalEcfSettingsResponseSchema,
  IdParamsSchema,
  successEnvelope,
  UpdateFiscalEcfSettingsRequestSchema,
  UploadEcfCertificateResponseSchema,
} from '@agencia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { fieldText } from '../../lib/multipart.js';
import { routeKit } from '../../lib/route-kit.js';
import { ECF_PERMISSIONS, ecfPolicy } from './ecf.policy.js';
import * as documentsSvc from './ecf-documents.service.js';
import * as settingsSvc from './ecf-settings.service.js';

const NoteParamsSchema = z.object({ id: z.uuid('ID inválido'), noteId: z.uuid('ID inválido') });

/** Answers a stored signed XML as it is (byte for byte), named RNC + e-NCF as the DGII names files. */
function replyWithXml(reply: FastifyReply, row: { issuerRnc: string; encf: string; signedXml: string }) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${row.issuerRnc}${row.encf}.xml"`)
    .send(row.signedXml);
}

/** The largest .p12/.pfx accepted: certification bodies' files are 3–10 KB. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;

/**
 * Reads the certificate upload: multipart with `file` (the .p12/.pfx) and `password`. Throws 400
 * in Spanish when either is missing or the file is too large.
 */
async function readCertificateUpload(req: FastifyRequest): Promise<{ file: Buffer; password: string }> {
  const missingFile = 'Selecciona el archivo del certificado (.p12 o .pfx).';
  if (!req.isMultipart()) throw badRequest(missingFile, [{ field: 'file', message: missingFile }]);
  let file: Buffer | null = null;
  let password: string | null = null;
  for await (const part of req.parts({ limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 4 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer();
        continue;
      }
      file = await part.toBuffer();
      if (part.file.truncated) {
        const message = 'El certificado ocupa más de 64 KB: no parece un archivo .p12.';
        throw badRequest(message, [{ field: 'file', message }]);
      }
    } else if (part.fieldname === 'password') password = fieldText(part);
  }
  if (!file || file.length === 0) throw badRequest(missingFile, [{ field: 'file', message: missingFile }]);
  if (!password) {
    const message = 'Escribe la contraseña del certificado.';
    throw badRequest(message, [{ field: 'password', message }]);
  }
  return { file, password };
}

/**
 * Direct e-CF emission set-up (issue 26, decision 136): `GET/PUT /fiscal/settings` (mode) and
 * `GET/POST /fiscal/certificate`. Admin only (ecf.policy.ts).
 */
const ecfRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard: policyGuard } = routeKit(app, ecfPolicy);
  const tags = ['fiscal'];
  const admin = policyGuard(ECF_PERMISSIONS.settings, 'settings');

  app.get(
    '/fiscal/settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Facturación electrónica: modo, ambiente y direcciones de la DGII',
        response: { 200: successEnvelope(GetFiscalEcfSettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { settings: await settingsSvc.getEcfSettings({ db: app.db, config: app.ecfConfig }) },
    }),
  );

  app.put(
    '/fiscal/settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cambiar el modo de emisión de e-CF (proveedor o directo)',
        body: UpdateFiscalEcfSettingsRequestSchema,
        response: { 200: successEnvelope(GetFiscalEcfSettingsResponseSchema) },
      },
    },
    async (req) => {
      await settingsSvc.updateEcfMode({
        ...writeCall(req),
        mode: req.body.ecfMode,
        environment: app.ecfConfig.environment,
      });
      return {
        success: true as const,
        data: { settings: await settingsSvc.getEcfSettings({ db: app.db, config: app.ecfConfig }) },
      };
    },
  );

  app.get(
    '/fiscal/certificate',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Certificado digital cargado (sin la clave)',
        response: { 200: successEnvelope(GetEcfCertificateResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { certificate: await settingsSvc.getCertificate(app.db) } }),
  );

  app.post(
    '/fiscal/certificate',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cargar el certificado digital (multipart: file = .p12/.pfx, password)',
        response: { 201: successEnvelope(UploadEcfCertificateResponseSchema) },
      },
    },
    async (req, reply) => {
      const { file, password } = await readCertificateUpload(req);
      const certificate = await settingsSvc.saveCertificate({
        ...writeCall(req),
        config: app.ecfConfig,
        file,
        password,
      });
      reply.code(201);
      return { success: true as const, data: { certificate } };
    },
  );

  app.post(
    '/fiscal/connection-test',
    {
      ...admin,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Probar la autenticación con la DGII usando el certificado cargado',
        response: { 200: successEnvelope(EcfConnectionTestResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        result: await settingsSvc.testDgiiConnection({ ...writeCall(req), config: app.ecfConfig }),
      },
    }),
  );

  app.get(
    '/fiscal/ecf-alerts',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Avisos de e-CF para el dashboard (rechazados, pendientes, certificado)',
        response: { 200: successEnvelope(GetEcfAlertsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { alerts: await documentsSvc.ecfAlerts({ db: app.db }) } }),
  );

  const guard = (action: 'status' | 'xml' | 'retry') => policyGuard(ECF_PERMISSIONS[action], action);

  app.get(
    '/invoices/:id/ecf',
    {
      ...guard('status'),
      schema: {
        tags,
        summary: 'Estado del e-CF de la factura ante la DGII (emisión directa)',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetEcfSubmissionResponseSchema) },
      },
    },
    async (req) => {
      const row = await documentsSvc.findEcfDocument({ ...call(req), id: req.params.id });
      return { success: true as const, data: { submission: row ? documentsSvc.submissionOf(row) : null } };
    },
  );

  app.get(
    '/invoices/:id/ecf.xml',
    {
      ...guard('xml'),
      schema: { tags, summary: 'XML firmado del e-CF, tal como se guardó', params: IdParamsSchema },
    },
    async (req, reply) => {
      const row = await documentsSvc.findEcfDocument({ ...call(req), id: req.params.id });
      if (!row) throw notFound('Esta factura no tiene un e-CF emitido desde el portal.');
      return replyWithXml(reply, row);
    },
  );

  app.get(
    '/invoices/:id/credit-notes/:noteId/ecf.xml',
    {
      ...guard('xml'),
      schema: {
        tags,
        summary: 'XML firmado del e-CF de una nota de crédito (E34)',
        params: NoteParamsSchema,
      },
    },
    async (req, reply) => {
      const row = await documentsSvc.findEcfDocument({
        ...call(req),
        id: req.params.id,
        noteId: req.params.noteId,
      });
      if (!row) throw notFound('Esta nota de crédito no tiene un e-CF emitido desde el portal.');
      return replyWithXml(reply, row);
    },
  );

  app.get(
    '/invoices/:id/debit-notes/:noteId/ecf.xml',
    {
      ...guard('xml'),
      schema: {
        tags,
        summary: 'XML firmado del e-CF de una nota de débito (E33)',
        params: NoteParamsSchema,
      },
    },
    async (req, reply) => {
      const row = await documentsSvc.findEcfDocument({
        ...call(req),
        id: req.params.id,
        noteId: req.params.noteId,
        noteKind: 'debit',
      });
      if (!row) throw notFound('Esta nota de débito no tiene un e-CF emitido desde el portal.');
      return replyWithXml(reply, row);
    },
  );

  app.post(
    '/invoices/:id/ecf/retry',
    {
      ...guard('retry'),
      schema: {
        tags,
        summary: 'Reintentar el envío del e-CF, o firmarlo de nuevo tras un rechazo que no usó el e-NCF',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetEcfSubmissionResponseSchema) },
      },
    },
    async (req) => {
      const row = await documentsSvc.retryEcf({
        ...writeCall(req),
        config: app.ecfConfig,
        id: req.params.id,
      });
      app.ecfSender.wake();
      return { success: true as const, data: { submission: documentsSvc.submissionOf(row) } };
    },
  );
};

export default ecfRoutes;
