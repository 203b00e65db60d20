import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useAuth } from './auth.ts';
import { hasPermission as hasGrant } from './contracts.ts';
import { asHandle } from './route-handle.ts';

export interface Access {
  /** `permissionId.action` (or a bare permissionId) against the user's permission list (spec 6). */
  hasPermission(required: string): boolean;
  /** Whether the current route's resource offers `action` (the spec's action directive). */
  canOnRoute(action: string): boolean;
}

export function useAccess(): Access {
  const { user } = useAuth();
  const matches = useMatches();
  let resourceActions: string[] = [];
  let resourcePermission = '';
  for (let i = matches.length - 1; i >= 0; i--) {
    const res = asHandle(matches[i]?.handle).resource;
    if (res) {
      resourceActions = res.actions;
      resourcePermission = res.permission;
      break;
    }
  }
  const perms = user?.userRole.permissions;
  return {
    hasPermission: (required) => hasGrant(perms, required),
    canOnRoute: (action) =>
      resourceActions.includes(action) &&
      (resourcePermission === '' ||
        perms === undefined ||
        hasGrant(perms, `${resourcePermission}.${action}`)),
  };
}

export interface ActionProps {
  /** An action key of the current route's resource (add, edit, delete, ...). */
  name?: string;
  /** Or an explicit `permissionId.action`. */
  permission?: string;
  children: ReactNode;
  /** Rendered instead when not allowed (default: nothing). */
  fallback?: ReactNode;
}

/**
 * Renders its children only when allowed (spec 6: buttons are hidden with the same permission data
 * the server enforces). The server remains the enforcement point.
 */
export function Action({ name, permission, children, fallback = null }: ActionProps) {
  const access = useAccess();
  const allowed =
    (permission === undefined || access.hasPermission(permission)) &&
    (name === undefined || access.canOnRoute(name));
  return <>{allowed ? children : fallback}</>;
}
