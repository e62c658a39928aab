import {
  CertificationTestSetResponseSchema,
  IdParamsSchema,
  ListCertificationTestSetsResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { CERTIFICATION_PERMISSIONS, certificationPolicy } from './certification.policy.js';
import * as svc from './certification-test-sets.service.js';

/** The largest workbook accepted: the DGII's test sets are a few hundred KB. */
const WORKBOOK_MAX_BYTES = 10 * 1024 * 1024;

const CaseParamsSchema = z.object({ id: z.uuid('ID inválido'), caseId: z.uuid('ID inválido') });

/**
 * Reads the workbook upload: multipart with `file` (the DGII's .xlsx). Throws 400 in Spanish when
 * it is missing or too large.
 */
async function readWorkbookUpload(req: FastifyRequest): Promise<{ file: Buffer; fileName: string }> {
  const missing = 'Selecciona el libro de Excel (.xlsx) que descargaste de la DGII.';
  if (!req.isMultipart()) throw badRequest(missing, [{ field: 'file', message: missing }]);
  let file: Buffer | null = null;
  let fileName = 'set-de-pruebas.xlsx';
  for await (const part of req.parts({ limits: { fileSize: WORKBOOK_MAX_BYTES, files: 1, fields: 4 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      await part.toBuffer();
      continue;
    }
    file = await part.toBuffer();
    fileName = part.filename || fileName;
    if (part.file.truncated) {
      const message = 'El libro ocupa más de 10 MB: no parece un set de pruebas de la DGII.';
      throw badRequest(message, [{ field: 'file', message }]);
    }
  }
  if (!file || file.length === 0) throw badRequest(missing, [{ field: 'file', message: missing }]);
  return { file, fileName };
}

/**
 * The DGII certification test sets (issue 41, decision 158): `POST/GET /fiscal/certification/test-sets`,
 * `GET …/test-sets/{id}`, `POST …/test-sets/{id}/send`, `GET …/test-sets/{id}/cases/{caseId}/xml` and
 * `POST /fiscal/certification/approval-sets`. Admin only (certification.policy.ts). Registered on
 * its own (the certification wizard's routes live in other files of this module).
 */
const certificationTestSetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, call, writeCall, resource } = routeKit(app, certificationPolicy);
  const tags = ['fiscal'];
  const admin = guard(CERTIFICATION_PERMISSIONS.testSets, 'testSets');
  const testSet = successEnvelope(CertificationTestSetResponseSchema);

  app.post(
    '/fiscal/certification/test-sets',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cargar el set de pruebas de datos e-CF de la DGII (multipart: file = .xlsx)',
        response: { 201: testSet },
      },
    },
    async (req, reply) => {
      const { file, fileName } = await readWorkbookUpload(req);
      const set = await svc.importTestSet({
        ...writeCall(req),
        config: app.ecfConfig,
        file,
        fileName,
      });
      reply.code(201);
      return { success: true as const, data: { testSet: set } };
    },
  );

  app.get(
    '/fiscal/certification/test-sets',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Sets de pruebas cargados (e-CF y aprobaciones comerciales), el más reciente primero',
        response: { 200: successEnvelope(ListCertificationTestSetsResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { testSets: await svc.listTestSets(call(req)) } }),
  );

  app.get(
    '/fiscal/certification/test-sets/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Un set de pruebas y el estado de cada caso',
        params: IdParamsSchema,
        response: { 200: testSet },
      },
    },
    async (req) => ({
      success: true as const,
      data: { testSet: await svc.getTestSet(resource(req)) },
    }),
  );

  app.post(
    '/fiscal/certification/test-sets/:id/send',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Enviar a la DGII los casos del set, en el orden que fija la DGII',
        params: IdParamsSchema,
        response: { 202: testSet },
      },
    },
    async (req, reply) => {
      const set = await svc.startTestSet({ ...writeCall(req), id: req.params.id });
      app.certificationRunner.wake();
      reply.code(202);
      return { success: true as const, data: { testSet: set } };
    },
  );

  app.get(
    '/fiscal/certification/test-sets/:id/cases/:caseId/xml',
    {
      ...admin,
      schema: { tags, summary: 'XML firmado de un caso, tal como se envió', params: CaseParamsSchema },
    },
    async (req, reply) => {
      const { xml, fileName } = await svc.caseXml({
        ...call(req),
        id: req.params.id,
        caseId: req.params.caseId,
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(xml);
    },
  );

  app.post(
    '/fiscal/certification/approval-sets',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cargar y enviar el set de aprobaciones comerciales de la DGII (multipart: file = .xlsx)',
        response: { 201: testSet },
      },
    },
    async (req, reply) => {
      const { file, fileName } = await readWorkbookUpload(req);
      const set = await svc.importApprovalSet({
        ...writeCall(req),
        config: app.ecfConfig,
        file,
        fileName,
      });
      app.certificationRunner.wake();
      reply.code(201);
      return { success: true as const, data: { testSet: set } };
    },
  );
};

export default certificationTestSetsRoutes;
