/** Shared widgets of the web app (spec 2.8). Import from here, not from the files. */

export { AddressPicker, type AddressPickerProps } from './AddressPicker.tsx';
export {
  AttachmentIdsUpload,
  type AttachmentIdsUploadProps,
  AttachmentUpload,
  type AttachmentUploadProps,
  attachmentProblem,
  type UploadedAttachment,
} from './AttachmentUpload.tsx';
export {
  AuthImage,
  type AuthImageProps,
  clearFileUrlCache,
  loadFileUrl,
  needsToken,
  useFileUrls,
} from './AuthImage.tsx';
export {
  type AddressLoader,
  type AddressRuleOptions,
  type AddressValue,
  addressLoaderFor,
  addressProblem,
  addressRules,
  createAddressLoader,
  type FixedCity,
  formatAddress,
  JIANGSU,
  REGION_URLS,
  type RegionItem,
  SUQIAN,
} from './address.ts';
export {
  ChinaDateTimePicker,
  type ChinaDateTimePickerProps,
  DATE_TIME_MINUTE,
} from './ChinaDateTimePicker.tsx';
export { CutText, type CutTextProps } from './CutText.tsx';
export {
  BarChart,
  type CartesianChartProps,
  type CartesianSeries,
  CHART_COLORS,
  CHART_HEIGHT,
  type ChartDatum,
  LineChart,
  PieChart,
  type PieChartProps,
} from './charts.tsx';
export {
  afterChinaToday,
  CHINA_ZONE,
  chinaInstant,
  chinaNow,
  chinaPickerValue,
  chinaToday,
  installChinaTime,
} from './china-time-input.ts';
export { DateTimeCell } from './DateTimeCell.tsx';
export {
  createFetchRequest,
  errorMessage,
  type FetchRequestOptions,
  type QueryValue,
  REQUEST_TIMEOUT_MS,
  type RequestFn,
  type RequestOptions,
  type TokenGetter,
} from './fetch-request.ts';
export {
  AUDIO_RULE,
  acceptOf,
  checkAudio,
  checkEbook,
  checkFile,
  checkImage,
  checkVideo,
  EBOOK_RULE,
  type FileLike,
  type FileRule,
  fileExtension,
  GB,
  IMAGE_RULE,
  MB,
  VIDEO_RULE,
} from './file-checks.ts';
export { regionFilterColumns } from './filter-columns.ts';
export { cleanParams, rangeParams } from './filter-params.ts';
export {
  chinaTime,
  dateText,
  dateTimeSecondsText,
  dateTimeText,
  fileSize,
  valueEnumOf,
  wan,
  yuan,
} from './format.ts';
export { HELP_DRAWER_WIDTH, HelpDrawer, type HelpDrawerProps } from './HelpDrawer.tsx';
export { exceedMessage, ImageUpload, type ImageUploadProps } from './ImageUpload.tsx';
export {
  type ImportErrorRow,
  ImportModal,
  type ImportModalOutcome,
  type ImportModalProps,
  NOTHING_IMPORTED_TEXT,
} from './ImportModal.tsx';
export { fileIdOf, fileUrlOf, newIdempotencyKey } from './ids.ts';
export { RiskLevelTag, ScoreGradeTag } from './level-tags.tsx';
export { type NumberRange, numberRule } from './number-rule.ts';
export {
  countText,
  PagedTable,
  type PagedTableProps,
  type PageRequest,
  type PageResult,
  pageToStepBackTo,
  TABLE_DEFAULTS,
  toPageRequest,
} from './PagedTable.tsx';
export {
  RequestContext,
  type RequestContextValue,
  useRequest,
  useRequestContext,
} from './request-context.ts';
export { filterRoleOption, type RoleOption, renderRoleOption, roleOptions } from './role-options.tsx';
export {
  SLIDE_PUZZLE_TEXT,
  SlidePuzzle,
  type SlidePuzzleHandle,
  type SlidePuzzleProps,
  type SlidePuzzleStatus,
  type TrailPoint,
} from './SlidePuzzle.tsx';
export {
  actionsWidth,
  EXPAND_COLUMN_WIDTH,
  isNarrowScreen,
  LIST_WIDTH_AT_1440,
  tableWidth,
} from './table-layout.ts';
export { ellipsis, textWidth, thousands, thousandsInput, truncate20 } from './text.ts';
export {
  createXhrUploader,
  type FileMapItem,
  readFileMap,
  UPLOAD_URL,
  type UploadFn,
  type UploadOptions,
} from './upload.ts';
export { useDebounced } from './use-debounced.ts';
