import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { findTrail, HOME_TITLE, type ResourceRoute } from '../platform/resources.ts';
import { useRouteTitle } from '../platform/route-handle.ts';

/** 首页 / group / page, from the resource tree (static pages fall back to the route title). */
export function Breadcrumbs({ tree, homePath }: { tree: readonly ResourceRoute[]; homePath: string | null }) {
  const { pathname } = useLocation();
  const routeTitle = useRouteTitle();
  const trail = findTrail(tree, pathname);
  const items = [
    { key: 'home', title: homePath ? <Link to={homePath}>{HOME_TITLE}</Link> : HOME_TITLE },
    ...(trail.length > 0
      ? trail.map((n) => ({ key: String(n.id), title: n.title }))
      : routeTitle
        ? [{ key: 'page', title: routeTitle }]
        : []),
  ];
  return <Breadcrumb className="aq-basic-breadcrumb" items={items} />;
}
