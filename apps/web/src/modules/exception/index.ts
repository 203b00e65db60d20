export { ENT_INFO_INCOMPLETE_TEXT, EntInfoIncomplete, EntInfoIncompleteRoute } from './EntInfoIncomplete.tsx';
export {
  EXCEPTION_TEXT,
  ExceptionPage,
  type ExceptionType,
  Forbidden,
  Forbidden403Route,
  NotFound,
  NotFound404Route,
  ServerError,
  ServerError500Route,
} from './ExceptionPage.tsx';
export { NOT_OPEN_TITLE, NotOpen, NotOpenScreen } from './NotOpen.tsx';
export { PageLoading } from './PageLoading.tsx';
