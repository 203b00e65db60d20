import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyedDigest } from './pii.ts';

/**
 * The client a sign-in comes from (issue 17 finding 1): its IP and a device cookie. Failed sign-ins are counted
 * per username and client, so a stranger who knows a username locks out only the stranger's own client, not
 * the owner. The device cookie is a random id signed with a server key (HMAC-SM3), HttpOnly, set when the login
 * page asks for a captcha (and on a sign-in without one); only a digest of IP + id is stored.
 */
export const DEVICE_COOKIE = 'aqzrx_did';
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{22}$/;
const MAC_CHARS = 32;

/** The value of a request cookie, or null. */
export function readCookie(req: FastifyRequest, name: string): string | null {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

const sign = (id: string) => keyedDigest('device-cookie', id).slice(0, MAC_CHARS);
/** Device ids handed out with this request's answer (the browser sends them from its next request on). */
const assigned = new WeakMap<FastifyRequest, string>();

/** The request's device id when its cookie carries our signature, else null. */
export function deviceId(req: FastifyRequest): string | null {
  const v = readCookie(req, DEVICE_COOKIE);
  if (!v) return null;
  const [id, mac] = v.split('.');
  if (!id || !mac || !ID.test(id) || mac.length !== MAC_CHARS) return null;
  const expect = Buffer.from(sign(id));
  return timingSafeEqual(Buffer.from(mac), expect) ? id : null;
}

/** Gives the browser a device cookie when it has no valid one yet (kept for a year). */
export function ensureDeviceCookie(req: FastifyRequest, reply: FastifyReply): void {
  if (deviceId(req)) return;
  const id = randomBytes(16).toString('base64url');
  assigned.set(req, id);
  const secure = req.protocol === 'https' ? '; Secure' : '';
  const cookie = `${DEVICE_COOKIE}=${id}.${sign(id)}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_MAX_AGE_S}${secure}`;
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list, cookie]);
}

/**
 * The digest that names this request's client (IP + the device id it sent) in the failure counts; no IP is
 * stored. A request without the cookie counts by its IP alone, so leaving the cookie out gains nothing.
 */
export function loginClient(req: FastifyRequest): string {
  return keyedDigest('login-client', `${req.ip}|${deviceId(req) ?? ''}`);
}

/**
 * The client a second-factor ticket is bound to: like loginClient, but counting a device cookie handed out with
 * this very answer, which the browser sends with the code step (its first sign-in without a cookie).
 */
export function ticketClient(req: FastifyRequest): string {
  return keyedDigest('login-client', `${req.ip}|${deviceId(req) ?? assigned.get(req) ?? ''}`);
}
