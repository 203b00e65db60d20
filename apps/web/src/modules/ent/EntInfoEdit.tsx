import { Card } from 'antd';
import { NotOpen } from '../exception/NotOpen.tsx';

/**
 * /ent/EntInfoEdit (spec 2.1). The enterprise information form belongs to the enterprise feature;
 * until it lands the page states plainly that the function is not open.
 */
export function EntInfoEdit() {
  return (
    <Card variant="borderless">
      <NotOpen title="完善企业信息" />
    </Card>
  );
}
