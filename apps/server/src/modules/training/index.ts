export { type ActivityActor, resolveActivityActor } from './activity-actor.ts';
export { assertAttachableFiles, fileInfos, type StoredFileInfo, sendRecordFile } from './files.ts';
export {
  type TrainingServiceCount,
  type TrainingServiceFilter,
  trainingServiceCounts,
} from './training.repo.ts';
export { trainingRoutes } from './training.routes.ts';
