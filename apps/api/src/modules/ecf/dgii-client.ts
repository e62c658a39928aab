/*
 * Client of the DGII's e-CF web services (issue 26, direct emission). Everything here follows the
 * DGII's "Descripción técnica de facturación electrónica" (v1.6, 12-06-2023; "DT" below), section
 * "Descripción de Servicios Web": authentication by a signed seed, reception of e-CF, consulta de
 * resultado by trackId, reception of consumo summaries (RFCE) on the separate `fc` host, anulación
 * de rangos (ANECF) and aprobación comercial (ACECF). Each service lives under
 * `https://{ecf|fc}.dgii.gov.do/{ambiente}/{servicio}/api/...`; `ecfBaseUrl`/`fcBaseUrl` are the
 * `https://{host}/{ambiente}` part (config.ts). The DGII's services are not case-sensitive (DT,
 * bitácora 18-05-2023); the paths below are spelled as the DT's request URLs spell them. Documents
 * travel as `multipart/form-data` with one file field named `xml` (DT, every "EJEMPLO CURL").
 *
 * The token and the private key never appear in an error message or in anything this module logs
 * (it logs nothing).
 */

import type { z } from 'zod';
import {
  amountCents,
  approvalAnswerSchema,
  DGII_PATHS,
  type DgiiCommercialApprovalResult,
  type DgiiEcfStatus,
  DgiiError,
  type DgiiReception,
  type DgiiTrackResult,
  type DgiiVoidResult,
  dgiiMessagesOf,
  ecfStatusAnswerSchema,
  mapMessages,
  receptionAnswerSchema,
  statusOf,
  text,
  trackAnswerSchema,
  trackIdsAnswerSchema,
  voidAnswerSchema,
} from './dgii-protocol.js';
import { DgiiSession } from './dgii-session.js';

export {
  DGII_PATHS,
  DGII_TRACK_STATUS,
  type DgiiClientOptions,
  type DgiiCommercialApprovalResult,
  type DgiiEcfStatus,
  DgiiError,
  type DgiiReception,
  type DgiiToken,
  type DgiiTokenStore,
  type DgiiTrackResult,
  type DgiiTrackStatus,
  type DgiiVoidResult,
  dgiiMessagesOf,
} from './dgii-protocol.js';

/**
 * The DGII's e-CF web services for one taxpayer certificate, one method per service: reception,
 * consulta de resultado and de trackIds, RFCE, anulación, aprobación comercial; the session
 * (authentication, token, HTTP) is {@link DgiiSession}'s. Safe to share: concurrent calls wait
 * for one authentication.
 */
export class DgiiClient extends DgiiSession {
  /**
   * Sends a signed e-CF to the reception service (DT, "Recepción de e-CF"): POST multipart `xml`
   * with the Bearer token; the DGII answers a `trackId` to query with {@link trackResult}. The file
   * name must be RNC emisor + e-NCF + `.xml` (DT, "Formato de nombre de los archivos XML"), e.g.
   * `101672919E310000000001.xml`. Facturas de consumo under RD$250,000 go to {@link sendSummary}
   * instead. Throws {@link DgiiError}.
   */
  async sendEcf(signedXml: string, fileName: string): Promise<DgiiReception> {
    const service = 'recepción de e-CF';
    const { parsed, status } = await this.request(
      service,
      this.ecfBaseUrl + DGII_PATHS.reception,
      receptionAnswerSchema,
      { xml: signedXml, fileName },
    );
    const messages = [
      ...dgiiMessagesOf({ error: parsed.error, mensaje: parsed.mensaje }),
      ...mapMessages(parsed.mensajes),
    ];
    if (!parsed.trackId) {
      if (messages.length > 0)
        throw new DgiiError('rejected', 'La DGII no recibió el e-CF.', { status, messages });
      throw new DgiiError('protocol', 'La DGII recibió el e-CF sin devolver un trackId.', {
        status,
      });
    }
    return { trackId: parsed.trackId, messages };
  }

  /**
   * The consulta de resultado of a document sent to the reception service (DT, "Consulta de
   * resultado e-CF"): GET `?trackid=` with the Bearer token; answers the state (see
   * {@link DGII_TRACK_STATUS}), the DGII's messages, the e-NCF and `secuenciaUtilizada`. Throws
   * {@link DgiiError}.
   */
  async trackResult(trackId: string): Promise<DgiiTrackResult> {
    const service = 'consulta de resultado';
    const { parsed, status: httpStatus } = await this.request(
      service,
      `${this.ecfBaseUrl}${DGII_PATHS.trackResult}?trackid=${encodeURIComponent(trackId)}`,
      trackAnswerSchema,
    );
    const status = statusOf(parsed.codigo, parsed.estado);
    if (!status)
      throw new DgiiError(
        'protocol',
        'La DGII respondió un estado desconocido en la consulta de resultado.',
        {
          status: httpStatus,
        },
      );
    return {
      status,
      messages: mapMessages(parsed.mensajes),
      encf: parsed.encf ?? parsed.eNCF ?? null,
      sequenceUsed: parsed.secuenciaUtilizada ?? null,
      receivedAt: parsed.fechaRecepcion ?? null,
    };
  }

  /**
   * The consulta de estado e-CF (DT pp. 21–24): whether the DGII holds a valid e-CF with this
   * issuer RNC and e-NCF and — the two fields conditional on the document — buyer RNC and security
   * code (the first 6 characters of its `SignatureValue`). GET
   * `?rncemisor=&ncfelectronico=&rnccomprador=&codigoseguridad=` with the Bearer token (the
   * taxpayer must be delegated for the issuer or the buyer). The receiver asks it before a received
   * e-CF counts (decision 161). "No encontrado" is an answer (`not_found`), not an error. Throws
   * {@link DgiiError}: `rejected` for the DGII's validation messages (4xx), `unavailable`,
   * `protocol` — a 404 (no such service, as in CerteCF) included.
   */
  async ecfStatus(query: {
    issuerRnc: string;
    encf: string;
    buyerRnc?: string | null;
    securityCode?: string | null;
  }): Promise<DgiiEcfStatus> {
    const service = 'consulta de estado';
    const params = new URLSearchParams({ rncemisor: query.issuerRnc, ncfelectronico: query.encf });
    if (query.buyerRnc) params.set('rnccomprador', query.buyerRnc);
    if (query.securityCode) params.set('codigoseguridad', query.securityCode);
    const { parsed, status: httpStatus } = await this.request(
      service,
      `${this.ecfBaseUrl}${DGII_PATHS.ecfStatus}?${params.toString()}`,
      ecfStatusAnswerSchema,
    );
    const status =
      parsed.estado?.trim().toLowerCase() === 'anulado' ? 'rejected' : statusOf(parsed.codigo, parsed.estado);
    if (!status)
      throw new DgiiError('protocol', 'La DGII respondió un estado desconocido en la consulta de estado.', {
        status: httpStatus,
      });
    return {
      status,
      issuerRnc: parsed.rncEmisor ?? null,
      encf: parsed.ncfElectronico ?? null,
      buyerRnc: parsed.rncComprador ?? null,
      totalCents: amountCents(parsed.montoTotal),
      securityCode: parsed.codigoSeguridad ?? null,
      messages: mapMessages(parsed.mensajes, text(parsed.codigo) ?? ''),
    };
  }

  /**
   * The receptions the DGII holds for one e-NCF of one issuer (DT §5.10 "Consulta de trackId e-CF",
   * pp. 24–27: GET `?rncemisor=&encf=` with the Bearer token → `[{trackId, estado,
   * fechaRecepcion}]`). The sender asks it before posting again a document whose earlier post may
   * have arrived (no answer came), so an e-NCF the DGII already has is never posted twice.
   *
   * Answers only entries with a trackId: an entry in the state "No encontrado" ("no se encontró el
   * e-CF en los registros", p. 27), which the service answers with `trackId: null` when it has
   * nothing, means "not received" and is left out. The service exists in TesteCF and eCF only (the
   * DT lists no CerteCF URL, p. 25; removed from certification, "Actualizaciones al 28-12-2020",
   * item 2): a 404 answers "not received" too (empty), since the DGII cannot say otherwise there.
   * Throws {@link DgiiError} for anything else.
   */
  async trackIdsFor(
    issuerRnc: string,
    encf: string,
  ): Promise<Array<{ trackId: string; state: string | null }>> {
    const service = 'consulta de trackIds';
    let parsed: z.infer<typeof trackIdsAnswerSchema>;
    try {
      ({ parsed } = await this.request(
        service,
        `${this.ecfBaseUrl}${DGII_PATHS.trackIds}?rncemisor=${encodeURIComponent(issuerRnc)}&encf=${encodeURIComponent(encf)}`,
        trackIdsAnswerSchema,
      ));
    } catch (err) {
      if (err instanceof DgiiError && err.status === 404) return [];
      throw err;
    }
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    return entries.flatMap((t) =>
      t.trackId && statusOf(null, t.estado) !== 'not_found'
        ? [{ trackId: t.trackId, state: t.estado ?? null }]
        : [],
    );
  }

  /**
   * Sends a signed resumen de factura de consumo (RFCE, facturas de consumo under RD$250,000) to
   * the `fc` host (DT, "Recepción de resumen factura de consumo e-CF"): POST multipart `xml` with
   * the Bearer token; the DGII answers at once `{codigo, estado, mensajes, encf,
   * secuenciaUtilizada}`: Aceptado, Aceptado Condicional or Rechazado. File name: RNC emisor +
   * e-NCF + `.xml`. Throws {@link DgiiError}.
   */
  async sendSummary(signedRfceXml: string, fileName: string): Promise<Omit<DgiiTrackResult, 'receivedAt'>> {
    const service = 'recepción de resumen de factura de consumo';
    const { parsed, status: httpStatus } = await this.request(
      service,
      this.fcBaseUrl + DGII_PATHS.summaryReception,
      trackAnswerSchema,
      { xml: signedRfceXml, fileName },
    );
    const status = statusOf(parsed.codigo, parsed.estado);
    if (!status)
      throw new DgiiError('protocol', 'La DGII respondió un estado desconocido para el resumen.', {
        status: httpStatus,
      });
    return {
      status,
      messages: mapMessages(parsed.mensajes),
      encf: parsed.encf ?? parsed.eNCF ?? null,
      sequenceUsed: parsed.secuenciaUtilizada ?? null,
    };
  }

  /**
   * Voids ranges of unused e-NCF (DT, "Anulación de e-NCF"): POST the signed ANECF as multipart
   * `xml` with the Bearer token. The DGII answers `{rnc, codigo, nombre, mensajes: [string]}`;
   * refusals it documents ("La firma del documento no es válida", "Las secuencias que está
   * intentando anular han sido utilizadas", …) come as a 4xx → {@link DgiiError} `rejected`.
   * File name: RNC emisor + a name of the caller's choice + `.xml`.
   */
  async voidRanges(signedAnecfXml: string, fileName: string): Promise<DgiiVoidResult> {
    const service = 'anulación de e-NCF';
    const { parsed } = await this.request(
      service,
      this.ecfBaseUrl + DGII_PATHS.voidRanges,
      voidAnswerSchema,
      { xml: signedAnecfXml, fileName },
    );
    const code = text(parsed.codigo);
    return {
      rnc: parsed.rnc ?? null,
      code,
      name: parsed.nombre ?? null,
      messages: mapMessages(parsed.mensajes, code ?? ''),
    };
  }

  /**
   * Sends a copy of a commercial approval or rejection (ACECF) of a received e-CF to the DGII (DT,
   * "Recepción de aprobación comercial"): POST multipart `xml` with the Bearer token; answers
   * `{mensaje: [string], estado, codigo}`. Refusals ("La firma del XML no es válida", "Factura no
   * encontrada para esta Aprobación comercial", …) come as a 4xx → {@link DgiiError} `rejected`.
   * File name: RNC comprador + e-NCF + `.xml`.
   */
  async sendCommercialApproval(
    signedAcecfXml: string,
    fileName: string,
  ): Promise<DgiiCommercialApprovalResult> {
    const service = 'aprobación comercial';
    const { parsed } = await this.request(
      service,
      this.ecfBaseUrl + DGII_PATHS.commercialApproval,
      approvalAnswerSchema,
      { xml: signedAcecfXml, fileName },
    );
    const code = text(parsed.codigo);
    const list = typeof parsed.mensaje === 'string' ? [parsed.mensaje] : parsed.mensaje;
    return { code, state: parsed.estado ?? null, messages: mapMessages(list, code ?? '') };
  }
}
