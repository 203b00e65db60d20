/**
 * Slide-puzzle captcha (product spec 2.8 / 4 / 9, security check A04). See ./service.ts for the contract.
 */
export {
  CAPTCHA_IMAGE_PATH,
  CAPTCHA_MESSAGES,
  type CaptchaChallenge,
  type CaptchaFailureReason,
  type CaptchaImagePart,
  type CaptchaOptions,
  type CaptchaService,
  type CheckResult,
  createCaptchaService,
  isPlausibleTrail,
  isSyntheticTrail,
} from './service.ts';
