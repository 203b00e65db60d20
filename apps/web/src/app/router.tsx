import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../modules/exception/index.ts';
import type { RouteHandle } from '../platform/route-handle.ts';
import { pages, screenLoader } from '../screens.ts';
import { createGuardLoader } from './guard-loader.ts';
import { lazyScreen } from './lazy.ts';
import { RootShell } from './RootShell.tsx';
import { RouteError } from './RouteError.tsx';

/** Id of the back-office layout route; the resource routes are added under it after login. */
export const BACKOFFICE_ROUTE_ID = 'backoffice';

function page(name: string | undefined, title: string, extra: Partial<RouteHandle> = {}): RouteHandle {
  return { ...(name ? { name } : {}), title, ...extra };
}

/** Spec 2.1, the fixed routes. Every screen loads lazily. */
export function staticRoutes(): RouteObject[] {
  return [
    {
      path: 'user',
      lazy: lazyScreen(
        () => import('../layouts/UserLayout.tsx'),
        (m) => m.UserLayout,
      ),
      children: [
        { index: true, handle: page(undefined, '登录', { redirect: '/user/login' }) },
        {
          path: 'login',
          handle: page('login', '登录'),
          lazy: lazyScreen(pages.LoginPage, (C) => C),
        },
        {
          path: 'loginByQRCode',
          handle: page('loginByQRCode', '扫码登录'),
          lazy: lazyScreen(pages.WechatQrLogin, (C) => C),
        },
        {
          path: 'bindWxUser',
          handle: page('bindWxUser', '绑定微信账号'),
          lazy: lazyScreen(pages.BindWxUser, (C) => C),
        },
        {
          path: 'regManager',
          handle: page('regManager', '管理员注册'),
          lazy: lazyScreen(pages.RegManagerPage, (C) => C),
        },
        {
          path: 'recover',
          handle: page('recover', '找回密码'),
          lazy: lazyScreen(pages.RecoverPage, (C) => C),
        },
      ],
    },
    {
      path: 'portal',
      lazy: lazyScreen(
        () => import('../layouts/PortalLayout.tsx'),
        (m) => m.PortalLayout,
      ),
      children: [
        { index: true, handle: page(undefined, '首页', { redirect: '/portal/index' }) },
        {
          path: 'index',
          handle: page('portalIndex', '首页'),
          lazy: lazyScreen(pages.PortalHome, (C) => C),
        },
        {
          path: 'notice',
          handle: page('portalNotice', '通知公告'),
          lazy: lazyScreen(pages.PortalNotice, (C) => C),
        },
        {
          path: 'notice/detail',
          handle: page('portalNoticeDetail', '公告详情'),
          lazy: lazyScreen(pages.PortalNoticeDetail, (C) => C),
        },
        {
          path: 'help',
          handle: page('portalHelp', '帮助中心'),
          lazy: lazyScreen(pages.PortalHelp, (C) => C),
        },
        {
          path: 'ap',
          handle: page('portalAP', '事故预防'),
          lazy: lazyScreen(pages.PortalAP, (C) => C),
        },
        {
          path: 'claim',
          handle: page('portalClaim', '事故理赔'),
          lazy: lazyScreen(pages.PortalClaim, (C) => C),
        },
        {
          path: 'insure',
          handle: page('portalInsure', '企业投保'),
          lazy: lazyScreen(pages.PortalInsure, (C) => C),
        },
        {
          path: 'policy',
          handle: page('portalPolicy', '保单与法规'),
          lazy: lazyScreen(pages.PortalPolicy, (C) => C),
        },
        {
          path: 'singlePage',
          handle: page('portalSinglePage', '单页'),
          lazy: lazyScreen(pages.PortalSinglePage, (C) => C),
        },
      ],
    },
    {
      lazy: lazyScreen(
        () => import('../layouts/PortalInnerLayout.tsx'),
        (m) => m.PortalInnerLayout,
      ),
      children: [
        {
          path: 'portal/login',
          handle: page('portalLogin', '登录'),
          lazy: lazyScreen(pages.PortalLoginPage, (C) => C),
        },
        {
          path: 'portal/reg',
          handle: page('portalReg', '企业注册'),
          lazy: lazyScreen(pages.PortalRegPage, (C) => C),
        },
        {
          path: 'portal/serviceReg',
          handle: page('serviceReg', '服务机构注册'),
          lazy: lazyScreen(pages.ServiceRegPage, (C) => C),
        },
        {
          path: 'portal/expertReg',
          handle: page('expertReg', '专家注册'),
          lazy: lazyScreen(pages.ExpertRegPage, (C) => C),
        },
        {
          // The status of a self-registration, after its applicant signed in (not in spec 2.1; public).
          path: 'portal/regStatus',
          handle: page('regStatus', '注册申请'),
          lazy: lazyScreen(pages.RegStatusPage, (C) => C),
        },
      ],
    },
    {
      lazy: lazyScreen(
        () => import('../layouts/PortalLayout.tsx'),
        (m) => m.PortalLayout,
      ),
      children: [
        {
          path: 'QA/detail',
          handle: page('qaDetail', '问答详情'),
          lazy: lazyScreen(pages.QADetail, (C) => C),
        },
      ],
    },
    {
      // A portal tab after login (spec 2.5): not public, so a visitor logs in first and comes back here.
      path: 'portal/enter/:tab',
      handle: page('portalEnter', '正在进入'),
      lazy: lazyScreen(pages.PortalEnter, (C) => C),
    },
    {
      path: 'oauth-center-help/:code',
      handle: page('oauthCenterHelp', '授权帮助'),
      lazy: lazyScreen(pages.OauthCenterHelp, (C) => C),
    },
    {
      path: '100',
      handle: page('100', '完善企业信息'),
      lazy: lazyScreen(pages.EntInfoIncompleteRoute, (C) => C),
    },
    {
      path: '403',
      handle: page('403', '无权访问'),
      lazy: lazyScreen(pages.Forbidden403Route, (C) => C),
    },
    {
      path: '404',
      handle: page('404', '页面不存在'),
      lazy: lazyScreen(pages.NotFound404Route, (C) => C),
    },
    {
      path: '500',
      handle: page('500', '服务器出错了'),
      lazy: lazyScreen(pages.ServerError500Route, (C) => C),
    },
    {
      id: BACKOFFICE_ROUTE_ID,
      lazy: lazyScreen(
        () => import('../layouts/BasicLayout.tsx'),
        (m) => m.BasicLayout,
      ),
      children: [
        {
          path: 'ent/EntInfoEdit',
          handle: page('entInfoEdit', '完善企业信息'),
          lazy: lazyScreen(screenLoader('EntInfoEdit'), (C) => C),
          errorElement: <RouteError />,
        },
        {
          // The signed-in user's own WeChat binding (user menu 微信绑定).
          path: 'account/wechat',
          handle: page('accountWechat', '微信绑定'),
          lazy: lazyScreen(pages.WechatBinding, (C) => C),
          errorElement: <RouteError />,
        },
        {
          // The signed-in user's own second factor (user menu 二次验证).
          path: 'account/mfa',
          handle: page('accountMfa', '二次验证'),
          lazy: lazyScreen(pages.MfaSettings, (C) => C),
          errorElement: <RouteError />,
        },
      ],
    },
    // Paths outside the user's routes. Before the user's routes exist this also catches their pages; the
    // guard loads the routes first, so only pages the user lacks end here: 403 when another role has the
    // page, 404 when nobody has it.
    {
      path: '*',
      lazy: lazyScreen(pages.UnknownPath, (C) => C),
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  let router: AppRouter | null = null;
  let tree: RouteObject[] = [];
  const guardLoader = createGuardLoader({
    // The initial navigation may start before `router` is assigned; the static tree is complete then.
    routes: () => (router ? (router.routes as RouteObject[]) : tree),
    addRoutes: (routes) => router?.patchRoutes(BACKOFFICE_ROUTE_ID, routes),
  });
  tree = [
    {
      id: 'root',
      path: '/',
      loader: guardLoader,
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: PageLoading,
      errorElement: <RouteError />,
      children: staticRoutes(),
    },
  ];
  router = createBrowserRouter(tree);
  return router;
}
