// The deals feature's public door. The phase names the dashboard shows are the deals' strings.
import './strings';

export { dashboardDealsQueryOptions, dealKeys, dealQueryOptions } from './api/deals';
export { type PendingUpload, PendingUploadRow, uploadable } from './components/pending-upload';
export {
  allowedExtensions,
  checkFile,
  defaultDocumentName,
  type FileProblem,
  formatFileSize,
} from './components/upload-rules';
