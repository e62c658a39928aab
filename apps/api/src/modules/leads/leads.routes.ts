import {
  ConvertLeadRequestSchema,
  ConvertLeadResponseSchema,
  CreateLeadActivityRequestSchema,
  CreateLeadNoteRequestSchema,
  CreateLeadRequestSchema,
  CreateLeadStageRequestSchema,
  GetLeadResponseSchema,
  IdParamsSchema,
  LeadEventResponseSchema,
  LeadOwnersResponseSchema,
  LeadResponseSchema,
  LeadStageResponseSchema,
  ListLeadStagesResponseSchema,
  ListLeadsQuerySchema,
  ListLeadsResponseSchema,
  MessageResponseSchema,
  MoveLeadRequestSchema,
  successEnvelope,
  UpdateLeadRequestSchema,
  UpdateLeadStageRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { createStage, deleteStage, updateStage } from './lead-stages.service.js';
import { LEAD_PERMISSIONS, leadPolicy } from './leads.policy.js';
import { getLead, listLeads, listOwners, listStages } from './leads.queries.js';
import {
  addLeadActivity,
  addLeadNote,
  convertLead,
  createLead,
  moveLead,
  updateLead,
} from './leads.service.js';

/**
 * The leads pipeline ("Prospectos", decision 170): leads, their moves on the board, timeline and
 * conversion, and the board's stages. Admins, and employees an admin granted `leads.read` /
 * `leads.write`; clients never (403 from the role guard). Writes publish after commit.
 */
const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, call, writeCall, write, published } = routeKit(app, leadPolicy);
  const reader = guard(LEAD_PERMISSIONS.read, 'read');
  const writer = guard([LEAD_PERMISSIONS.write, LEAD_PERMISSIONS.read], 'write');
  const converter = guard([LEAD_PERMISSIONS.convert, LEAD_PERMISSIONS.read], 'convert');
  const stagesAdmin = guard(LEAD_PERMISSIONS.manageStages, 'manageStages');
  const tags = ['leads'];

  app.get(
    '/leads',
    {
      ...reader,
      schema: {
        tags,
        summary: 'Prospectos en el orden del tablero, con los totales de cada etapa',
        querystring: ListLeadsQuerySchema,
        response: { 200: successEnvelope(ListLeadsResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listLeads({ ...call(req), input: req.query }) }),
  );

  app.get(
    '/leads/owners',
    {
      ...reader,
      schema: {
        tags,
        summary: 'Personas a las que se puede asignar un prospecto',
        response: { 200: successEnvelope(LeadOwnersResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { owners: await listOwners(call(req)) } }),
  );

  app.post(
    '/leads',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Crear un prospecto (WhatsApp, referido u otro)',
        body: CreateLeadRequestSchema,
        response: { 201: successEnvelope(LeadResponseSchema) },
      },
    },
    async (req, reply) => {
      const lead = published(await createLead({ ...writeCall(req), input: req.body }));
      reply.code(201);
      return { success: true as const, data: { lead } };
    },
  );

  app.get(
    '/leads/:id',
    {
      ...reader,
      schema: {
        tags,
        summary: 'Un prospecto con su historial',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetLeadResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await getLead({ ...call(req), id: req.params.id }) }),
  );

  app.put(
    '/leads/:id',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Editar un prospecto',
        params: IdParamsSchema,
        body: UpdateLeadRequestSchema,
        response: { 200: successEnvelope(LeadResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { lead: published(await updateLead(write(req))) } }),
  );

  app.post(
    '/leads/:id/move',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Mover un prospecto a una etapa y posición del tablero',
        params: IdParamsSchema,
        body: MoveLeadRequestSchema,
        response: { 200: successEnvelope(LeadResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { lead: published(await moveLead(write(req))) } }),
  );

  app.post(
    '/leads/:id/notes',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Agregar una nota al historial del prospecto',
        params: IdParamsSchema,
        body: CreateLeadNoteRequestSchema,
        response: { 201: successEnvelope(LeadEventResponseSchema) },
      },
    },
    async (req, reply) => {
      const event = published(await addLeadNote(write(req)));
      reply.code(201);
      return { success: true as const, data: { event } };
    },
  );

  app.post(
    '/leads/:id/activities',
    {
      ...writer,
      schema: {
        tags,
        summary: 'Registrar una llamada, reunión o correo (con fecha de seguimiento opcional)',
        params: IdParamsSchema,
        body: CreateLeadActivityRequestSchema,
        response: { 201: successEnvelope(LeadEventResponseSchema) },
      },
    },
    async (req, reply) => {
      const event = published(await addLeadActivity(write(req)));
      reply.code(201);
      return { success: true as const, data: { event } };
    },
  );

  app.post(
    '/leads/:id/convert',
    {
      ...converter,
      schema: {
        tags,
        summary: 'Convertir el prospecto en cliente (una sola vez)',
        params: IdParamsSchema,
        body: ConvertLeadRequestSchema,
        response: { 200: successEnvelope(ConvertLeadResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: published(await convertLead(write(req))) }),
  );

  app.get(
    '/lead-stages',
    {
      ...reader,
      schema: {
        tags,
        summary: 'Etapas del tablero de prospectos',
        response: { 200: successEnvelope(ListLeadStagesResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { stages: await listStages(call(req)) } }),
  );

  app.post(
    '/lead-stages',
    {
      ...stagesAdmin,
      schema: {
        tags,
        summary: 'Crear una etapa (admin)',
        body: CreateLeadStageRequestSchema,
        response: { 201: successEnvelope(LeadStageResponseSchema) },
      },
    },
    async (req, reply) => {
      const stage = published(await createStage({ ...writeCall(req), input: req.body }));
      reply.code(201);
      return { success: true as const, data: { stage } };
    },
  );

  app.put(
    '/lead-stages/:id',
    {
      ...stagesAdmin,
      schema: {
        tags,
        summary: 'Renombrar, cambiar el tipo o mover una etapa (admin)',
        params: IdParamsSchema,
        body: UpdateLeadStageRequestSchema,
        response: { 200: successEnvelope(LeadStageResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { stage: published(await updateStage(write(req))) } }),
  );

  app.delete(
    '/lead-stages/:id',
    {
      ...stagesAdmin,
      schema: {
        tags,
        summary: 'Eliminar una etapa vacía (admin)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteStage({ ...writeCall(req), id: req.params.id }));
      return { success: true as const, message: 'Etapa eliminada' };
    },
  );
};

export default leadsRoutes;
