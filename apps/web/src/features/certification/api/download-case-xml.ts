import { apiClient } from '../../../lib/api-client';
import { fileNameOf, saveBlob } from './download';
import { SLOW_TIMEOUT_MS } from './keys';

/**
 * `GET /fiscal/certification/test-sets/{id}/cases/{caseId}/xml`: a sent case's signed XML, under
 * the server's name (RNC + e-NCF, as the DGII names them) or `{e-NCF}.xml`.
 */
export async function downloadCaseXml(setId: string, caseId: string, encf: string): Promise<void> {
  const response = await apiClient.get<string>(
    `/fiscal/certification/test-sets/${setId}/cases/${caseId}/xml`,
    {
      responseType: 'text',
      timeout: SLOW_TIMEOUT_MS,
    },
  );
  saveBlob(
    new Blob([response.data], { type: 'application/xml;charset=utf-8' }),
    fileNameOf(response, `${encf}.xml`),
  );
}
