export { detectContent } from './file.kinds.ts';
export { filesRoutes } from './file.routes.ts';
export {
  canReadFile,
  commitFile,
  contentDisposition,
  findFile,
  noFileError,
  notMultipart,
  openStoredFile,
  receiveFile,
  removeQuietly,
  storeFileBytes,
  uploadError,
} from './file.service.ts';
export { type FileSweep, registerFileSweep, sweepOrphanFiles } from './orphans.ts';
export { diskLow, uploadLimits } from './quota.ts';
