import {
  DEFAULT_PORTFOLIO,
  importPreviewResponseSchema,
  importResponseSchema,
} from '@app/shared/api/portfolio';
import type { ImportRequest } from '@app/shared/api/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiPost, buildApiUrl } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { PORTFOLIO_QUERY_KEY } from './portfolio-query-keys';

export type ImportPreview = Omit<z.infer<typeof importPreviewResponseSchema>, 'status'>;

/** POST /portfolio/import/preview: every row read, with its errors; nothing is written. */
export async function previewImport(request: ImportRequest): Promise<ImportPreview> {
  const { status: _status, ...preview } = await apiPost('/portfolio/import/preview', request, {
    schema: importPreviewResponseSchema,
  });
  return preview;
}

/** POST /portfolio/import: all rows or none; answers how many were written. */
export async function importTransactions(request: ImportRequest): Promise<number> {
  const { imported } = await apiPost('/portfolio/import', request, {
    schema: importResponseSchema,
  });
  return imported;
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTransactions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
  });
}

/**
 * GET /portfolio/export as a CSV file. A plain link cannot send the Authorization header, so the
 * file is fetched here and handed to the browser as a Blob URL.
 */
export async function downloadExport(portfolio = DEFAULT_PORTFOLIO): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/portfolio/export', { portfolio }), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Unable to connect to the server. Please try again later.');
  }
  if (!response.ok) {
    let message = `The export failed (HTTP ${String(response.status)}).`;
    try {
      const body = (await response.json()) as { error_msg?: unknown };
      if (typeof body.error_msg === 'string' && body.error_msg !== '') message = body.error_msg;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `portfolio-${portfolio}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
