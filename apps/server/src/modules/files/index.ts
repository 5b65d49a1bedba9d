// The files module's only door: the file store every upload goes through, and public downloads.
import type { ApiModule } from '../../plugins/api';
import { registerFileRoutes } from './files.routes';

export { FileStore, type StoredFile } from './files.service';
export const filesModule: ApiModule = { name: 'files', register: registerFileRoutes };
