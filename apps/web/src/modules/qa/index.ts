export { QADetail } from './QADetail.tsx';
