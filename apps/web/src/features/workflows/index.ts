// The workflows feature's public door: the account's workflows (list, edit, import, export).
export {
  useExportWorkflowSchema,
  useImportWorkflowSchema,
  useUpdateWorkflow,
  workflowsQueryOptions,
} from './api/workflows';
export { readWorkflowFile } from './components/workflow-file';
