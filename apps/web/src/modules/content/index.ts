/**
 * Public entry of the content module: articles (notices, policy news, help, banners, single pages) and
 * their classes, with the pieces the rule, message, portal and setting modules reuse (screens:
 * ./screens.ts, loaded lazily by src/screens.ts).
 */
export { attachmentInputs, listArticles, useClasses } from './api.ts';
export { districtRules, linkRules } from './form-rules.ts';
export {
  AttachmentList,
  districtLabels,
  fmtTime,
  roleLabels,
  TARGET_ROLES,
} from './parts.tsx';
export { RichTextEditor } from './RichTextEditor.tsx';
export { contentScreens } from './screens.ts';
