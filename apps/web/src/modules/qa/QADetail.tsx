import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { NotOpen } from '../exception/NotOpen.tsx';

/** /QA/detail?id= (spec 2.1): consult answers arrive with the consult feature. */
export function QADetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Card variant="borderless" style={{ maxWidth: 1200, margin: '24px auto' }}>
      <NotOpen title={id ? `问答详情（编号 ${id}）` : '问答详情'} />
    </Card>
  );
}
