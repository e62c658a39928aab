import {
  CertifiedElsewhereRequestSchema,
  ErrorCodes,
  GetCertificationResponseSchema,
  ListPrintedRepresentationsResponseSchema,
  successEnvelope,
  UpdateCertificationStepRequestSchema,
  UrlSelfTestResponseSchema,
} from '@agencia/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { SIGN_MAX_BYTES, signCertificationXml } from './certification-sign.js';
import {
  CERTIFICATION_WIZARD_PERMISSIONS,
  type CertificationWizardAction,
  certificationWizardPolicy,
} from './certification-wizard.policy.js';
import * as wizard from './certification-wizard.service.js';
import {
  printedRepresentations,
  printedRepresentationsZip,
  printedZipName,
} from './printed-representations.js';

const StepParamsSchema = z.object({
  step: z.coerce
    .number({ error: 'Paso inválido' })
    .int('Paso inválido')
    .min(1, 'El paso va del 1 al 15')
    .max(15, 'El paso va del 1 al 15'),
});

const tooLarge = () =>
  new AppError(
    413,
    ErrorCodes.PAYLOAD_TOO_LARGE,
    'El XML no puede superar 1 MB: no parece un archivo de la DGII.',
  );

/**
 * Reads the signing tool's upload: multipart with `file` (the XML). 400 in Spanish when it is
 * missing, 413 past {@link SIGN_MAX_BYTES}. Answers the bytes and the original file name.
 */
async function readXmlUpload(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  const missing = 'Selecciona el archivo XML que vas a firmar.';
  if (!req.isMultipart()) throw badRequest(missing, [{ field: 'file', message: missing }]);
  let file: { bytes: Buffer; fileName: string } | null = null;
  for await (const part of req.parts({ limits: { fileSize: SIGN_MAX_BYTES, files: 1, fields: 4 } })) {
    if (part.type !== 'file') continue;
    const f = part as MultipartFile;
    let bytes: Buffer;
    try {
      bytes = await f.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    }
    if (f.file.truncated) throw tooLarge();
    if (f.fieldname === 'file') file = { bytes, fileName: f.filename || 'documento.xml' };
  }
  if (!file || file.bytes.length === 0) throw badRequest(missing, [{ field: 'file', message: missing }]);
  return file;
}

/**
 * The DGII certification wizard (issue 41, decision 159), admin only
 * (certification-wizard.policy.ts): `GET /fiscal/certification` (the whole state), `PUT
 * /fiscal/certification/steps/{step}` (check off / undo), `POST /fiscal/certification/url-test`,
 * `POST /fiscal/certification/certified-elsewhere`, `GET
 * /fiscal/certification/printed-representations` (+ `.zip`) and `POST /fiscal/certification/sign`
 * (sign an XML with the loaded certificate). The test-set runner has its own routes
 * (certification-test-sets.*).
 */
const certificationWizardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard: policyGuard } = routeKit(app, certificationWizardPolicy);
  const guard = (action: CertificationWizardAction) =>
    policyGuard(CERTIFICATION_WIZARD_PERMISSIONS[action], action);
  const tags = ['fiscal'];
  const overviewEnvelope = successEnvelope(GetCertificationResponseSchema);
  const overview = async () => ({
    success: true as const,
    data: {
      certification: await wizard.getCertificationOverview({
        db: app.db,
        config: app.ecfConfig,
        publicUrl: app.publicUrl,
      }),
    },
  });

  app.get(
    '/fiscal/certification',
    {
      ...guard('read'),
      schema: {
        tags,
        summary: 'Certificación DGII: pasos, URL de servicios, contadores de simulación y recepción',
        response: { 200: overviewEnvelope },
      },
    },
    overview,
  );

  app.put(
    '/fiscal/certification/steps/:step',
    {
      ...guard('manage'),
      schema: {
        tags,
        summary: 'Marcar un paso de la certificación DGII como completado (con fecha y nota) o desmarcarlo',
        params: StepParamsSchema,
        body: UpdateCertificationStepRequestSchema,
        response: { 200: overviewEnvelope },
      },
    },
    async (req) => {
      await wizard.updateCertificationStep({ ...writeCall(req), step: req.params.step, input: req.body });
      return overview();
    },
  );

  app.post(
    '/fiscal/certification/certified-elsewhere',
    {
      ...guard('manage'),
      schema: {
        tags,
        summary: 'Confirmar que la DGII ya certificó a la empresa fuera del asistente (abre producción)',
        body: CertifiedElsewhereRequestSchema,
        response: { 200: overviewEnvelope },
      },
    },
    async (req) => {
      await wizard.confirmCertifiedElsewhere(writeCall(req));
      return overview();
    },
  );

  app.post(
    '/fiscal/certification/url-test',
    {
      ...guard('read'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Probar desde el servidor las URL de recepción, aprobación comercial y autenticación',
        response: { 200: successEnvelope(UrlSelfTestResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { results: await wizard.testServiceUrls({ publicUrl: app.publicUrl }) },
    }),
  );

  app.get(
    '/fiscal/certification/printed-representations',
    {
      ...guard('read'),
      schema: {
        tags,
        summary: 'Representaciones impresas de los comprobantes simulados, con sus verificaciones',
        response: { 200: successEnvelope(ListPrintedRepresentationsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        documents: (await printedRepresentations({ ...call(req), config: app.ecfConfig })).map(
          (d) => d.representation,
        ),
      },
    }),
  );

  app.get(
    '/fiscal/certification/printed-representations.zip',
    {
      ...guard('read'),
      schema: { tags, summary: 'ZIP con el PDF de cada comprobante simulado ({RNC}{e-NCF}.pdf)' },
    },
    async (req, reply) => {
      const docs = await printedRepresentations({ ...call(req), config: app.ecfConfig });
      const zip = await printedRepresentationsZip(docs);
      return reply
        .type('application/zip')
        .header('Content-Disposition', contentDisposition(printedZipName(docs)))
        .send(zip);
    },
  );

  app.post(
    '/fiscal/certification/sign',
    {
      ...guard('sign'),
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Firmar un XML (postulación, declaración jurada) con el certificado digital cargado',
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const { bytes, fileName } = await readXmlUpload(req);
      const signed = await signCertificationXml({
        ...writeCall(req),
        config: app.ecfConfig,
        fileName,
        bytes,
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(signed);
    },
  );
};

export default certificationWizardRoutes;
