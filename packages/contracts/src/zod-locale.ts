import { z } from 'zod';

/** Validation messages in Simplified Chinese wherever a schema gives no message of its own. */
z.config(z.locales.zhCN());
