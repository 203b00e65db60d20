import { Tabs } from 'antd';
import { ClassManager } from './ClassManager.tsx';

/** /admin/content/AdminContentClass/route: help classes and consult classes. */
export function AdminContentClass() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'help', label: '帮助分类', children: <ClassManager kind="Help" title="帮助分类" /> },
        { key: 'consult', label: '咨询分类', children: <ClassManager kind="Consult" title="咨询分类" /> },
      ]}
    />
  );
}
