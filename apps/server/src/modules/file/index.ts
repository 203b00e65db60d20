export { detectContent } from './file.kinds.ts';
export { filesRoutes } from './file.routes.ts';
export {
  canReadFile,
  commitFile,
  contentDisposition,
  discardFile,
  findFile,
  noFileError,
  notMultipart,
  receiveFile,
  sendStoredFile,
  storeFileBytes,
  uploadError,
} from './file.service.ts';
export { type FileSweep, registerFileSweep, sweepOrphanFiles } from './orphans.ts';
export { diskLow, uploadLimits } from './quota.ts';
