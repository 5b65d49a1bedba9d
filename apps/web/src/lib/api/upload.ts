import { apiErrorSchema, CSRF_HEADER, type Endpoint } from '@slat/contracts';
import type { z } from 'zod';
import { API_BASE, getCsrfToken, signalSessionError } from './client';
import { ApiError, NetworkError, ResponseSchemaError } from './errors';

/**
 * Sends one file as multipart field `file` to a contract endpoint (with the CSRF header) and
 * checks the answer against the endpoint's response schema, like callApi does for JSON.
 */
export async function uploadFile<E extends Endpoint>(
  endpoint: E,
  file: Blob & { name?: string },
  path: string = endpoint.path,
): Promise<z.output<E['response']>> {
  const label = `${endpoint.method} ${API_BASE}${endpoint.path}`;
  const body = new FormData();
  body.append('file', file, file.name ?? 'upload');
  const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: await getCsrfToken() };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new NetworkError(label, cause);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    const error = parsed.success
      ? new ApiError(
          label,
          response.status,
          parsed.data.error.code,
          parsed.data.error.message,
          parsed.data.error.fields,
        )
      : new ApiError(label, response.status, 'UNKNOWN', `${label} failed with status ${response.status}`);
    signalSessionError(error);
    throw error;
  }
  const parsed = (endpoint.response as z.ZodType<z.output<E['response']>>).safeParse(payload);
  if (!parsed.success) throw new ResponseSchemaError(label, parsed.error.issues);
  return parsed.data;
}
