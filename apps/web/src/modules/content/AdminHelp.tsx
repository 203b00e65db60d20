import { Tabs } from 'antd';
import { useState } from 'react';
import { ArticleManager } from './ArticleManager.tsx';
import { ClassManager } from './ClassManager.tsx';

/** /admin/content/AdminHelp/route: help articles and their classes (帮助中心). */
export function AdminHelp() {
  const [tab, setTab] = useState('articles');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'articles', label: '帮助文章', children: <ArticleManager group="help" /> },
        { key: 'classes', label: '帮助分类', children: <ClassManager kind="Help" title="帮助分类" /> },
      ]}
    />
  );
}
