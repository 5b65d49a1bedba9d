import { CSRF_HEADER, type Endpoint } from '@slat/contracts';
import type { z } from 'zod';
import { API_BASE, apiErrorFrom, getCsrfToken, parseResponse, signalSessionError } from './client';
import { NetworkError } from './errors';

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
    const error = apiErrorFrom(label, response.status, payload);
    signalSessionError(error);
    throw error;
  }
  return parseResponse(label, endpoint.response as z.ZodType<z.output<E['response']>>, payload);
}

/**
 * Sends a multipart form to a contract endpoint with XMLHttpRequest, reporting upload progress
 * (0–1) as the bytes leave the browser; the answer is checked like callApi's.
 */
export async function uploadFormWithProgress<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<z.output<E['response']>> {
  const label = `${endpoint.method} ${API_BASE}${endpoint.path}`;
  const token = await getCsrfToken();
  const { status, payload } = await new Promise<{ status: number; payload: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, `${API_BASE}${endpoint.path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, payload: body });
    };
    xhr.onerror = () => reject(new NetworkError(label, new Error('upload failed')));
    xhr.onabort = () => reject(new NetworkError(label, new Error('upload aborted')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  if (status < 200 || status >= 300) {
    const error = apiErrorFrom(label, status, payload);
    signalSessionError(error);
    throw error;
  }
  onProgress(1);
  return parseResponse(label, endpoint.response as z.ZodType<z.output<E['response']>>, payload);
}
