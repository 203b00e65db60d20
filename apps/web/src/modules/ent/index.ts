export { EntInfoEdit } from './EntInfoEdit.tsx';
