export { detectContent } from './file.kinds.ts';
export { filesRoutes } from './file.routes.ts';
export {
  canReadFile,
  contentDisposition,
  findFile,
  openStoredFile,
  storeFileBytes,
} from './file.service.ts';
