import { type WorkflowSchemaDocument, workflowSchemaDocument } from '@slat/contracts';

/** A field path as the server writes it: `flags[0].values`. */
const formatPath = (path: readonly PropertyKey[]) =>
  path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`)).join('');

/** The file's problems, one line per field ('statuses: A workflow needs at least one status'). */
export type WorkflowFileResult = { document: WorkflowSchemaDocument } | { problems: string[] };

/**
 * Reads a workflow schema file (`slat.workflow` v1) as the import will, with the same contract,
 * so the dealer sees what it holds, or what is wrong with it, before anything is created.
 */
export function readWorkflowFile(text: string): WorkflowFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problems: ['The file is not valid JSON'] };
  }
  const parsed = workflowSchemaDocument.safeParse(json);
  if (parsed.success) return { document: parsed.data };
  return {
    problems: [
      ...new Set(
        parsed.error.issues.map((issue) => {
          const path = formatPath(issue.path);
          return path ? `${path}: ${issue.message}` : issue.message;
        }),
      ),
    ],
  };
}
