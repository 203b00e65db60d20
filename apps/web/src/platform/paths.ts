/** Fixed paths other code links to (spec 2.1, 2.3). */
export const ENT_INFO_EDIT_PATH = '/ent/EntInfoEdit';
export const PORTAL_INDEX_PATH = '/portal/index';
export const PORTAL_SINGLE_PAGE_PATH = '/portal/singlePage';
export const PORTAL_NOTICE_PATH = '/portal/notice';
export const PORTAL_NOTICE_DETAIL_PATH = '/portal/notice/detail';
export const PORTAL_HELP_PATH = '/portal/help';
export const PORTAL_REG_PATH = '/portal/reg';
/** `/portal/enter/<tab>`: a portal tab's destination, decided once the user is known (after login). */
export const PORTAL_ENTER_PATH = '/portal/enter';
export const USER_LOGIN_PATH = '/user/login';
export const USER_RECOVER_PATH = '/user/recover';
export const LOGIN_QR_PATH = '/user/loginByQRCode';
export const BIND_WX_PATH = '/user/bindWxUser';
/** The signed-in user's own WeChat binding (opened from the user menu). */
export const ACCOUNT_WECHAT_PATH = '/account/wechat';
/** The signed-in user's second factor (user menu 二次验证; operations admin and regulators). */
export const ACCOUNT_MFA_PATH = '/account/mfa';

/** Spec 2.3: claim and enterprise-insurance pages the portal tabs open. */
export const ENT_INSURANCE_PATH = '/ent/Entazx/EntInsuranceManage/route';
export const ENT_CLAIM_PATH = '/ent/Entazx/EntClaimManage/route';
export const INSURANCE_CLAIM_PATH = '/insurance/azx/ClaimManage/route';
