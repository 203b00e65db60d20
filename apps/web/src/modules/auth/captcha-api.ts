import type { CaptchaChallenge } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** The slide puzzle's two calls (spec 7); failures are shown by the widget itself. */
export function loadCaptcha(): Promise<CaptchaChallenge> {
  return fetchData<CaptchaChallenge>('/captcha/get', { skipErrorHandler: true });
}

export function verifyCaptcha(
  id: string,
  x: number,
  trail: Array<[number, number]>,
): Promise<{ captchaToken: string }> {
  return fetchData<{ captchaToken: string }>('/captcha/check', {
    data: { id, x, trail },
    skipErrorHandler: true,
  });
}
