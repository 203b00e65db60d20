import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { useRoleHome } from '../platform/home.ts';
import { findTrail, HOME_TITLE, type ResourceRoute } from '../platform/resources.ts';
import { useRouteTitle } from '../platform/route-handle.ts';

/**
 * 首页 / group / page, from the resource tree (static pages fall back to the route title). 首页 links to the
 * user's home page (spec 2.3 landing), and is plain text on the home page itself.
 */
export function Breadcrumbs({ tree }: { tree: readonly ResourceRoute[] }) {
  const { pathname } = useLocation();
  const homePath = useRoleHome();
  const routeTitle = useRouteTitle();
  const trail = findTrail(tree, pathname);
  const items = [
    {
      key: 'home',
      title: homePath && homePath !== pathname ? <Link to={homePath}>{HOME_TITLE}</Link> : HOME_TITLE,
    },
    ...(trail.length > 0
      ? trail.map((n) => ({ key: String(n.id), title: n.title }))
      : routeTitle
        ? [{ key: 'page', title: routeTitle }]
        : []),
  ];
  return <Breadcrumb className="aq-basic-breadcrumb" items={items} />;
}
