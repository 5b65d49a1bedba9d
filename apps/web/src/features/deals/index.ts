// The deals feature's public door. The phase names the dashboard shows are the deals' strings.
import './strings';

export { dashboardDealsQueryOptions, dealKeys, dealQueryOptions } from './api/deals';
export { useBoardSearch } from './board-search';
export { EditDocumentModal } from './components/edit-document-modal';
export { type PendingUpload, PendingUploadRow, uploadable } from './components/pending-upload';
export {
  allowedExtensions,
  checkFile,
  defaultDocumentName,
  type FileProblem,
  formatFileSize,
} from './components/upload-rules';
export type { BoardSearch } from './search';
